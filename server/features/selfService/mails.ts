import { mail as catalogue } from '../../../contract/mailTexts.ts';
import { escapeHtml, mailDate, type OutgoingMail } from '../../domain/mail/index.ts';
import { fillMessage, type MessageParams } from '../../errors.ts';

/**
 * The self-service emails, in text and HTML, from the English catalogue's texts (contract/mailTexts.ts):
 * a sign-up's activation link, a password reset link, a recovery email's verification link, and a
 * visitor's message to the operator. What a visitor typed is escaped in the HTML; the link is the one
 * anchor of a message.
 */

/** A subject on one line (a visitor's subject may hold line breaks). */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * A paragraph's HTML: the template's text and every value escaped; `link` (when the template names it)
 * as an anchor to itself.
 */
function htmlParagraph(template: string, params: MessageParams): string {
  const html = escapeHtml(template).replace(/%\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = escapeHtml(String(params[name]));
    return name === 'link' ? `<a href="${value}">${value}</a>` : value;
  });
  return `<p>${html}</p>`;
}

/** A message of paragraphs, each a catalogue template filled with `params`. */
function messageOf(
  base: { customerId: string | null; to: string; subject: string },
  templates: readonly string[],
  params: MessageParams,
  tail: { text: string; html: string } = { text: '', html: '' },
): OutgoingMail {
  const text = templates.map((template) => fillMessage(template, params));
  return {
    customerId: base.customerId,
    to: base.to,
    subject: oneLine(fillMessage(base.subject, params)),
    text: `${[...text, ...(tail.text ? [tail.text] : [])].join('\n\n')}\n`,
    html: `<!doctype html><html><body>${templates.map((template) => htmlParagraph(template, params)).join('')}${tail.html}</body></html>`,
  };
}

export interface LinkMailValues {
  customerId: string | null;
  to: string;
  productName: string;
  /** Who the greeting names. */
  name: string;
  link: string;
  expireDate: Date;
}

/** A link mail's texts (contract/mailTexts.ts): its subject and paragraphs. */
interface LinkMailTexts {
  subject: string;
  greeting: string;
  intro: string;
  link: string;
  expiry: string;
  closing: string;
}

/** A message that carries one link and its expiry, with `more` placeholders of its texts. */
const linkMail = (texts: LinkMailTexts, values: LinkMailValues, more: MessageParams): OutgoingMail =>
  messageOf(
    { customerId: values.customerId, to: values.to, subject: texts.subject },
    [texts.greeting, texts.intro, texts.link, texts.expiry, texts.closing],
    {
      productName: values.productName,
      name: values.name,
      link: values.link,
      expireDate: mailDate(values.expireDate),
      ...more,
    },
  );

/** The activation link of a sign-up, to the address that signed up. */
export const signupActivationMail = (values: LinkMailValues & { companyName: string }): OutgoingMail =>
  linkMail(catalogue.signupActivation, values, { companyName: values.companyName });

/** A password reset link, to the account's email or its verified recovery email. */
export const passwordResetMail = (values: LinkMailValues & { email: string }): OutgoingMail =>
  linkMail(catalogue.passwordReset, values, { email: values.email });

/** The verification link of a recovery email, to that address. */
export const recoveryEmailMail = (values: LinkMailValues & { email: string }): OutgoingMail =>
  linkMail(catalogue.recoveryEmailVerification, values, { email: values.email });

export interface ContactMailValues {
  to: string;
  productName: string;
  name: string;
  email: string;
  company?: string;
  phone?: string;
  subject: string;
  message: string;
}

/**
 * A visitor's message to the operator: who wrote (the mail layer sets no Reply-To, so the text says where
 * to answer), then the message as it was typed (its line breaks kept).
 */
export function contactMail(values: ContactMailValues): OutgoingMail {
  const texts = catalogue.contactMessage;
  const templates = [
    texts.intro,
    texts.from,
    ...(values.company ? [texts.company] : []),
    ...(values.phone ? [texts.phone] : []),
    texts.subjectLine,
    texts.replyTo,
  ];
  const params: MessageParams = {
    productName: values.productName,
    name: values.name,
    email: values.email,
    company: values.company ?? '',
    phone: values.phone ?? '',
    subject: values.subject,
  };
  const message = values.message.replace(/\r\n?/g, '\n');
  return messageOf({ customerId: null, to: values.to, subject: texts.subject }, templates, params, {
    text: `----\n${message}`,
    html: `<hr><p>${escapeHtml(message).replaceAll('\n', '<br>')}</p>`,
  });
}

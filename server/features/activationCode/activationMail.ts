import { ACTIVATION_QR } from '../../../contract/activationCode.ts';
import { mail as catalogue } from '../../../contract/mailTexts.ts';
import { escapeHtml, mailDate, type OutgoingMail } from '../../domain/mail/index.ts';
import { fillMessage } from '../../errors.ts';

/**
 * The email of an activation code: the code, its QR code inline (cid) and its activation link, in text and
 * HTML, from the English catalogue's `mail.activationCode` texts (contract/mailTexts.ts).
 */

const texts = catalogue.activationCode;
export const QR_CID = 'activation-qr';
const QR_PIXELS = ACTIVATION_QR.size + 2 * ACTIVATION_QR.quietZone;

export interface ActivationMailValues {
  customerId: string;
  to: string;
  productName: string;
  /** Who the greeting names: the user's display name, or the username when there is none. */
  name: string;
  code: string;
  link: string;
  /** The portal's /onboarding page showing the link's QR code, for a phone that reads the email itself. */
  onboardingUrl: string;
  expireDate: Date;
  /** The QR code of the link (PNG). */
  qr: Buffer;
}

export function activationMail(values: ActivationMailValues): OutgoingMail {
  const params = {
    productName: values.productName,
    name: values.name,
    code: values.code,
    link: values.link,
    onboardingUrl: values.onboardingUrl,
    expireDate: mailDate(values.expireDate),
  };
  const say = (template: string) => fillMessage(template, params);
  const paragraphs = [
    texts.greeting,
    texts.scan,
    texts.link,
    texts.onboarding,
    texts.expiry,
    texts.closing,
  ].map(say);
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const image = `<p><img src="cid:${QR_CID}" width="${QR_PIXELS}" height="${QR_PIXELS}" alt="${escapeHtml(texts.qrAlt)}"></p>`;
  const [greeting, scan, link, onboarding, expiry, closing] = paragraphs.map(paragraph);
  return {
    customerId: values.customerId,
    to: values.to,
    subject: say(texts.subject),
    text: `${paragraphs.join('\n\n')}\n`,
    html: `<!doctype html><html><body>${greeting}${scan}${image}${link}${onboarding}${expiry}${closing}</body></html>`,
    images: [{ cid: QR_CID, fileName: 'activation-code.png', contentType: 'image/png', content: values.qr }],
  };
}

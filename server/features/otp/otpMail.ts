import { ACTIVATION_QR } from '../../../contract/activationCode.ts';
import { mail as catalogue } from '../../../contract/mailTexts.ts';
import { escapeHtml, type OutgoingMail } from '../../domain/mail/index.ts';
import { fillMessage } from '../../errors.ts';

/**
 * The email of an OTP seed: the secret key, how to add it to an authenticator app, its otpauth:// link and
 * the link's QR code inline (cid), in text and HTML, from the English catalogue's `mail.otpCode` texts
 * (contract/mailTexts.ts).
 */

const texts = catalogue.otpCode;
export const OTP_QR_CID = 'otp-qr';
const QR_PIXELS = ACTIVATION_QR.size + 2 * ACTIVATION_QR.quietZone;

export interface OtpMailValues {
  customerId: string;
  to: string;
  productName: string;
  serviceName: string;
  /** Who the greeting names: the user's display name, or the username when there is none. */
  name: string;
  seedNumber: string;
  /** The seed's otpauth:// link. */
  link: string;
  /** The QR code of the link (PNG). */
  qr: Buffer;
}

export function otpMail(values: OtpMailValues): OutgoingMail {
  const params = {
    productName: values.productName,
    serviceName: values.serviceName,
    name: values.name,
    seedNumber: values.seedNumber,
    link: values.link,
  };
  const say = (template: string) => fillMessage(template, params);
  const [greeting, seed, app, scan, link, closing] = [
    texts.greeting,
    texts.seed,
    texts.app,
    texts.scan,
    texts.link,
    texts.closing,
  ].map(say) as [string, string, string, string, string, string];
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const image = `<p><img src="cid:${OTP_QR_CID}" width="${QR_PIXELS}" height="${QR_PIXELS}" alt="${escapeHtml(texts.qrAlt)}"></p>`;
  return {
    customerId: values.customerId,
    to: values.to,
    subject: say(texts.subject),
    text: `${[greeting, seed, app, link, closing].join('\n\n')}\n`,
    html: `<!doctype html><html><body>${[greeting, seed, app, scan].map(paragraph).join('')}${image}${[link, closing].map(paragraph).join('')}</body></html>`,
    images: [{ cid: OTP_QR_CID, fileName: 'otp-key.png', contentType: 'image/png', content: values.qr }],
  };
}

import { randomBytes } from 'node:crypto';
import type { OutgoingMail } from '../../../../server/domain/mail/index.ts';

/** A 1×1 PNG, with a few random bytes after its end so that each image is told apart by its bytes. */
export function pngImage(): Buffer {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([png, randomBytes(8)]);
}

let counter = 0;

/** An activation-code-like message with its QR code as an inline image. */
export function qrMail(overrides: Partial<OutgoingMail> = {}): OutgoingMail & { qr: Buffer } {
  counter += 1;
  const qr = pngImage();
  const cid = `qr-${counter}@gateway.test`;
  return {
    customerId: null,
    to: `user${counter}@example.com`,
    subject: `Your activation code ${counter}`,
    text: `Scan the QR code or enter the code ${counter}-ABCD.`,
    html: `<p>Scan this code:</p><img alt="QR code" src="cid:${cid}"><p>or enter ${counter}-ABCD</p>`,
    images: [{ cid, fileName: 'qr.png', contentType: 'image/png', content: qr }],
    qr,
    ...overrides,
  };
}

import { generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import type { CertificateInfo } from '../../../contract/saml2.ts';

/**
 * X.509 certificates: reading the ones administrators paste (a service provider's, the one Microsoft 365
 * trusts) and making the gateway's own self-signed signing certificate. Node reads certificates
 * (`X509Certificate`) but does not write them, so the few DER structures of a self-signed RSA certificate are
 * written here (RFC 5280 §4.1).
 */

const PEM_BLOCK = /^-----BEGIN CERTIFICATE-----\r?\n([A-Za-z0-9+/=\r\n\t ]+)-----END CERTIFICATE-----$/;

/** What a PEM certificate says, or undefined when the text is not exactly one PEM X.509 certificate. */
export function readCertificate(pem: string): CertificateInfo | undefined {
  const text = pem.trim();
  if (!PEM_BLOCK.test(text)) return undefined;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(text);
  } catch {
    return undefined;
  }
  const names = (value: string) => value.split('\n').filter(Boolean).join(', ');
  return {
    subject: names(certificate.subject),
    issuer: names(certificate.issuer),
    validFrom: new Date(certificate.validFrom).toISOString(),
    validTo: new Date(certificate.validTo).toISOString(),
    fingerprint256: certificate.fingerprint256,
  };
}

/** The base64 body of a PEM certificate on one line (XML metadata, PowerShell). */
export const certificateBody = (pem: string): string =>
  pem
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();

// ——— DER, as much as a self-signed certificate needs ———

const lengthOf = (length: number): Buffer => {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), lengthOf(body.length), body]);
};
const sequence = (...parts: Buffer[]) => tlv(0x30, ...parts);
const set = (...parts: Buffer[]) => tlv(0x31, ...parts);
const integer = (value: Buffer): Buffer => {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start += 1;
  const digits = value.subarray(start);
  return tlv(0x02, (digits[0] as number) & 0x80 ? Buffer.concat([Buffer.from([0]), digits]) : digits);
};
const objectId = (dotted: string): Buffer => {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) {
      base128.unshift((value & 0x7f) | 0x80);
    }
    bytes.push(...base128);
  }
  return tlv(0x06, Buffer.from(bytes));
};
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
/** UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
const time = (date: Date): Buffer => {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`))
    : tlv(0x18, Buffer.from(`${iso}Z`));
};
const SHA256_WITH_RSA = sequence(objectId('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
const COMMON_NAME = '2.5.4.3';
const ORGANIZATION = '2.5.4.10';

export interface SelfSigned {
  certificate: string;
  privateKey: string;
}

const pemOf = (der: Buffer) =>
  `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)
    ?.join('\n')}\n-----END CERTIFICATE-----\n`;

/** A new RSA 2048 key and a self-signed SHA-256 certificate for it, valid `days` from `now`. */
export function selfSignedCertificate(options: {
  commonName: string;
  organization: string;
  days: number;
  now?: Date;
}): SelfSigned {
  const now = options.now ?? new Date();
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const name = sequence(
    set(sequence(objectId(ORGANIZATION), utf8(options.organization))),
    set(sequence(objectId(COMMON_NAME), utf8(options.commonName))),
  );
  const serial = randomBytes(16);
  serial[0] = (serial[0] as number) & 0x7f;
  const toBeSigned = sequence(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    SHA256_WITH_RSA,
    name,
    sequence(time(now), time(new Date(now.getTime() + options.days * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', toBeSigned, privateKey);
  const der = sequence(toBeSigned, SHA256_WITH_RSA, tlv(0x03, Buffer.from([0]), signature));
  return {
    certificate: pemOf(der),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

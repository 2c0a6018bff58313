import type { OtpRecord } from '../../../contract/otp';
import { isEmail } from '../../../contract/rules';

/** The catalogue's root for these screens. */
export const T = 'resources.otp';

export const RESOURCE = 'otp';

export type OtpCode = OtpRecord;

/** The page of a service's OTP codes, as a link opens it (the service in the list's filter). */
export const otpPathOf = (serviceId: string) =>
  `/otp?filter=${encodeURIComponent(JSON.stringify({ serviceId }))}`;

/** The service the URL's list filter names (`?filter={"serviceId":…}`), if any. */
export const serviceIdOf = (filter: string | null): string | undefined => {
  if (!filter) return undefined;
  try {
    const value = (JSON.parse(filter) as { serviceId?: unknown } | null)?.serviceId;
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch {
    return undefined;
  }
};

/** The send-by-email address: not empty (spec 02 §5, verbatim), then an email (the contract's rule). */
export const validateSendTo = (value: unknown): string | undefined => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return `${T}.validation.emailEmpty`;
  return isEmail(text) ? undefined : `${T}.validation.emailInvalid`;
};

/** What send-mail answers: how many messages were queued, how many users had no address. */
export interface SendMailAnswer {
  queued: number;
  skipped: number;
}

/** What the service's OTP actions need: the service and the token pack it belongs to. */
export interface OtpScope {
  serviceId: string;
  tokenPackId: string;
}

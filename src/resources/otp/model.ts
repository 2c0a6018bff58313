import type { OtpRecord } from '../../../contract/otp';

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

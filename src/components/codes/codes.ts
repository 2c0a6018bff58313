import { isEmail } from '../../../contract/rules';

/**
 * What the actions of a code list act in: the token pack (activation codes are a pack's), and the service
 * (OTP codes are a service's, in its pack).
 */
export interface CodeScope {
  tokenPackId: string;
  serviceId?: string;
}

/** The words a code list says that are not the same for every kind of code (keys under its texts). */
export interface CodeNotices {
  /** One code sent by email. */
  sentOne: string;
  /** One code re-generated. */
  regeneratedOne: string;
}

/**
 * A kind of code listed by CodeList: its react-admin resource (the portal's URL), where its texts are in the
 * catalogue, and the words that differ.
 */
export interface CodeKind {
  resource: string;
  /** The catalogue's root of its screens (`resources.<resource>`). */
  texts: string;
  notices: CodeNotices;
  /** The filters that count as filtering the list (the rest name its scope). */
  filtered: (filterValues: Record<string, unknown>) => boolean;
  /** The list's filter that counts every code of the scope, whatever the filters. */
  scopeFilter: (scope: CodeScope) => Record<string, unknown>;
}

/** What send-mail answers: how many messages were queued, how many users had no address. */
export interface SendMailAnswer {
  queued: number;
  skipped: number;
}

/** Any filter set to something. */
export const anyFilter = (filterValues: Record<string, unknown>) =>
  Object.values(filterValues).some((value) => value !== undefined && value !== '');

/** The send-by-email address: not empty (docs/requirements/billing-services-validation.md, verbatim), then an email (the contract's rule). */
export const sendToRule = (texts: string) => (value: unknown) => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return `${texts}.validation.emailEmpty`;
  return isEmail(text) ? undefined : `${texts}.validation.emailInvalid`;
};

/** The call's data, with the service when the codes are a service's. */
export const inScope = (scope: CodeScope, data: Record<string, unknown>) => ({
  ...(scope.serviceId ? { serviceId: scope.serviceId } : {}),
  ...data,
});

import type { Validator } from 'react-admin';
import { isRedirectUrl } from '../../../contract/connector';
import { OIDC_LIMITS, type OidcRecord } from '../../../contract/oidc';

export type Oidc = OidcRecord;

/** Redirect URLs are typed one per line. */
export const linesOf = (text: unknown): string[] =>
  typeof text === 'string'
    ? text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : Array.isArray(text)
      ? text.map(String)
      : [];

export const validRedirectUrls: Validator = (value: unknown) => {
  const urls = linesOf(value);
  if (urls.length === 0) return undefined; // the required rule speaks
  if (urls.length > OIDC_LIMITS.redirectUrls) {
    return { message: 'resources.oidc.validation.tooMany', args: { max: OIDC_LIMITS.redirectUrls } };
  }
  const wrong = urls.find((url) => !isRedirectUrl(url) || url.length > OIDC_LIMITS.redirectUrl);
  return wrong ? { message: 'resources.oidc.validation.redirectUrl', args: { url: wrong } } : undefined;
};

export const toOidcBody = ({ clientName, redirectUrls }: Record<string, unknown>) => ({
  clientName: typeof clientName === 'string' ? clientName.trim() : clientName,
  redirectUrls: linesOf(redirectUrls),
});

/** The client secret's dialog: it can be read again (Reveal secret). */
export const SECRET_TEXTS = {
  title: 'resources.oidc.secret.title',
  body: 'resources.oidc.secret.body',
  label: 'resources.oidc.fields.clientSecret',
};

/**
 * The oidc resource's errors are swallowed by the data layer (docs/requirements/error-messages.md): a write that failed answers what
 * was sent (create, without an id: react-admin refuses it) or the record as it was (update, the same
 * modification time). The screens say so instead of pretending it was saved.
 */
export const failedUpdate = (data: Record<string, unknown>, previous?: Record<string, unknown>) =>
  previous !== undefined && data.lastModifiedDate === previous.lastModifiedDate;

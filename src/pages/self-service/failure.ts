import type { TranslateFunction } from 'react-admin';
import { errorNotification, fieldErrorsOf } from '../../kit/notifyError';

/** What a failed call tells a form: refusals said under its fields, or one message for the whole form. */
export type Failure = { fields: Record<string, string>; message?: undefined } | { message: string };

export interface FailureOptions {
  /** The form's fields: a refusal is said under one of them, or not at all. */
  fields: readonly string[];
  /**
   * Fields the contract names otherwise (the password rules concern `newPassword`, the sign-up's field is
   * `password`), and message keys the contract gives no field (`error.email.existed`), to say under one.
   */
  aliases?: Readonly<Record<string, string>>;
}

/** A failed call's message, in the catalogue's words with the answer's params, else the server's own text. */
export const failureMessage = (error: unknown, translate: TranslateFunction): string => {
  const [key, { messageArgs }] = errorNotification(error);
  return translate(key, messageArgs);
};

/** The message key a failed call answered and the params of its answer. */
const answerOf = (error: unknown) => {
  const { message, body } = (error ?? {}) as {
    message?: string;
    body?: { params?: Record<string, unknown> } | null;
  };
  return { key: message, params: body?.params ?? {} };
};

/**
 * Reads a failed call for a form: the transport's field refusals (contract/fieldRefusals.ts, placed by the
 * answer's `params.field`), a refusal whose answer names one of the form's fields in `params.field`, or an
 * alias; else one message for the form. Either is in the catalogue's words with the answer's params (a
 * 429's wait), the server's own text as the fallback.
 */
export const explainFailure = (
  error: unknown,
  translate: TranslateFunction,
  { fields, aliases = {} }: FailureOptions,
): Failure => {
  const target = (name: string) => (fields.includes(name) ? name : aliases[name]);
  const said: Record<string, string> = {};
  for (const [field, text] of Object.entries(fieldErrorsOf(error) ?? {})) {
    const name = target(field);
    if (name) said[name] = text;
  }
  const message = failureMessage(error, translate);
  if (Object.keys(said).length === 0) {
    const { key = '', params } = answerOf(error);
    const name = (typeof params.field === 'string' ? target(params.field) : undefined) ?? aliases[key];
    if (name) said[name] = message;
  }
  return Object.keys(said).length > 0 ? { fields: said } : { message };
};

/** The catalogue key a failed call answered, if any. */
export const failureKey = (error: unknown): string | undefined => answerOf(error).key;

/**
 * Whether a single-use link's call may be sent again: it did not reach the server, the server failed, or it
 * was refused as too many (the link was not used). A link the server judged is not sent again.
 */
export const mayRetry = (error: unknown): boolean => {
  const status = (error as { status?: unknown } | null | undefined)?.status;
  return typeof status !== 'number' || status === 0 || status === 429 || status >= 500;
};

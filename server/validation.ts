import { type Static, type TSchema, Type, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { AppError, type MessageParams, toErrorAnswer } from './errors.ts';

/**
 * Validation that happens inside a handler (a JSON value carried in a query parameter or a multipart
 * part) answers exactly what a route schema answers: 400 `error.validation.invalid`,
 * "The field '%{field}' %{reason}.", with the same compiler as the app (TypeBox, see app.ts).
 */

export const VALIDATION_KEY = 'error.validation.invalid';
const VALIDATION_TEMPLATE = "The field '%{field}' %{reason}.";

/** A 400 naming one field, in the words of the route schemas' own answers. */
export const invalidField = (field: string, reason: string): AppError =>
  new AppError(400, VALIDATION_KEY, VALIDATION_TEMPLATE, { field, reason });

/**
 * Text that is not text: NUL (U+0000), which PostgreSQL cannot store in a text column, and a UTF-16
 * surrogate without its pair, which no encoding can carry. Refused in every field of every request
 * (body, query, path, multipart json part, uploaded file name), keys included, before any query.
 */
export const INVALID_TEXT = {
  key: 'error.validation.invalidText',
  text: "The field '%{field}' contains a character that is not allowed (NUL or an unpaired surrogate).",
} as const;

export const invalidText = (field: string): AppError =>
  new AppError(400, INVALID_TEXT.key, INVALID_TEXT.text, { field: printable(field) });

const LONE_SURROGATE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const INVALID_CHARACTER = new RegExp(`\\u0000|${LONE_SURROGATE}`);
const INVALID_CHARACTERS = new RegExp(INVALID_CHARACTER.source, 'g');

/** True for a NUL or a lone surrogate anywhere in `text`. */
export const isInvalidText = (text: string): boolean => INVALID_CHARACTER.test(text);

/** A name fit to be echoed in a message: a NUL or a lone surrogate in it is written as `\uXXXX`. */
export const printable = (name: string): string =>
  name.replace(INVALID_CHARACTERS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

const pathOf = (visit: Visit): string[] => {
  const path: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
};

/**
 * The name of the first field of `value` whose text (a string, or an object's key) is invalid, named as
 * the validation answers name fields ('filters.q', 'ids.0'); `root` when `value` itself is such a string.
 * Walks without recursion: a deeply nested body cannot exhaust the stack.
 */
export function invalidTextField(value: unknown, root: string): string | undefined {
  const named = (visit: Visit) => pathOf(visit).join('.') || root;
  const pending: Visit[] = [{ value }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (isInvalidText(current)) return named(visit);
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        if (isInvalidText(key)) return named({ value: undefined, key, parent: visit });
      }
      // Pushed last first, so that fields are visited in their order.
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        pending.push({ value: child, key, parent: visit });
      }
    }
  }
  return undefined;
}

/**
 * A whole number in a query string. TypeBox converts query values before checking them and would
 * truncate `1.5` to `1` for an integer schema; this refuses it ("must be an integer").
 */
export const QueryInteger = (options: { minimum: number; maximum: number; default?: number }) =>
  Type.Refine(
    Type.Number({ ...options, description: 'an integer' }),
    (value) => Number.isInteger(value),
    () => 'must be an integer',
  );

/** A uuid, checked by its format. */
export const Uuid = Type.String({ format: 'uuid' });

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The schema of a key an object does not declare. Use it as `additionalProperties`: unlike `false`
 * (whose first error reads "schema is false"), the answer names the key: "The field 'foo' <reason>."
 */
export const notAllowed = (reason: string) =>
  Type.Refine(
    Type.Unknown(),
    () => false,
    () => reason,
  );

interface Issue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isIssueList = (value: unknown): value is Issue[] =>
  Array.isArray(value) && value.every((item) => isRecord(item) && typeof item.instancePath === 'string');

export interface CheckOptions {
  /**
   * 'nested' (the default): the value's fields are named under `name` ("filter.status"), the value
   * itself is `name`. 'top': the fields keep their own names, as in a JSON body ("companyName").
   */
  naming?: 'nested' | 'top';
  /** 'querystring' converts strings to the schema's types first, as Fastify does for a query. */
  part?: 'body' | 'querystring';
}

/**
 * Compiles `schema` once and returns a check that answers the (converted) value, or throws the 400 a
 * route schema would give for it. `name` is what the value is called in the request ('filter', 'json').
 */
export function compileCheck<T extends TSchema>(
  schema: T,
  name: string,
  { naming = 'nested', part = 'body' }: CheckOptions = {},
): (value: unknown) => Static<T> {
  const validate = TypeBoxValidatorCompiler({ schema, httpPart: part, method: 'POST', url: name });
  return (value) => {
    const badText = invalidTextField(value, name);
    if (badText !== undefined) {
      throw invalidText(naming === 'nested' && badText !== name ? `${name}.${badText}` : badText);
    }
    const outcome: unknown = validate(value);
    if (outcome === true) return value as Static<T>;
    if (isRecord(outcome) && 'value' in outcome && !('error' in outcome)) return outcome.value as Static<T>;
    const issues = isRecord(outcome) && isIssueList(outcome.error) ? outcome.error : [];
    throw validationFailure(issues, name, naming);
  };
}

function validationFailure(issues: Issue[], name: string, naming: 'nested' | 'top'): AppError {
  const located = issues.map((issue) => {
    const atRoot = issue.instancePath === '';
    if (naming === 'nested') return { ...issue, instancePath: `/${name}${issue.instancePath}` };
    // A value wrong as a whole (not an object, say) is named after its part.
    return atRoot && issue.keyword !== 'required' ? { ...issue, instancePath: `/${name}` } : issue;
  });
  const answer = toErrorAnswer({ validation: located, validationContext: 'body' });
  const params: MessageParams | undefined = answer?.body.params;
  const field = params?.field;
  const reason = params?.reason;
  return invalidField(
    typeof field === 'string' ? field : name,
    typeof reason === 'string' ? reason : 'is invalid',
  );
}

/** The JSON a query parameter or a part carries, or the 400 "The field '<name>' is not valid JSON.". */
export function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidField(name, 'is not valid JSON');
  }
}

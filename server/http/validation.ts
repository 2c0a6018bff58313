import { type Static, type TSchema, Type, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { AppError, type MessageParams, toErrorAnswer } from '../errors.ts';

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

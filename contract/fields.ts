import { type TOptional, type TProperties, type TSchema, Type } from 'typebox';
import type { AccessRule, ActionCall } from './kit.ts';
import {
  EMAIL_MAX_LENGTH,
  IMAGE_URL_MAX_LENGTH,
  isHttpUrl,
  isImageUrl,
  isSlug,
  PASSWORD_MAX_LENGTH,
  URL_MAX_LENGTH,
} from './rules.ts';

/** The schemas the contracts build records and forms from (TypeBox), over the shared rules. */

/**
 * The schema of a key an object does not declare. Used as `additionalProperties`: unlike `false` (whose first
 * error reads "schema is false"), the server's answer names the key: "The field 'foo' <reason>."
 */
export const notAllowed = (reason: string) =>
  Type.Refine(
    Type.Unknown(),
    () => false,
    () => reason,
  );

/** Objects refuse keys they do not declare, naming the key. */
export const closed = { additionalProperties: notAllowed('is not a known field') };
export const closedQuery = { additionalProperties: notAllowed('is not a known parameter') };

/** Every field of `properties` optional: the fields of an update, of which those left out keep their value. */
export const optional = <P extends TProperties>(properties: P): { [K in keyof P]: TOptional<P[K]> } =>
  Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, Type.Optional(schema)])) as {
    [K in keyof P]: TOptional<P[K]>;
  };

/** A uuid, checked by its format. */
export const Uuid = Type.String({ format: 'uuid' });

/** A field of the record that an edit form may send back: accepted and ignored. */
export const ReadOnly = (description = 'read-only, ignored') => Type.Optional(Type.Unknown({ description }));

/** Text of at most `maxLength` characters that must not be blank. */
export const RequiredText = (maxLength: number) =>
  Type.Refine(
    Type.String({ minLength: 1, maxLength }),
    (value) => value.trim() !== '',
    () => 'must not be empty',
  );

export const Email = Type.String({ maxLength: EMAIL_MAX_LENGTH });

export const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });

/** A picture field: an https or data:image URL, or null. */
export const ImageUrl = Type.Refine(
  Type.Union([Type.String({ maxLength: IMAGE_URL_MAX_LENGTH }), Type.Null()]),
  (value) => value === null || isImageUrl(value),
  () => 'must be an https URL or a data:image URL',
);

/** A URL field: an http(s) URL of at most 2048 characters, or '' when `optional`. */
export const HttpUrl = (options: { optional: boolean }) =>
  Type.Refine(
    Type.String({ maxLength: URL_MAX_LENGTH, ...(options.optional ? {} : { minLength: 1 }) }),
    (value) => (options.optional && value === '') || isHttpUrl(value),
    () => 'must be an http(s) URL',
  );

export const Slug = (maxLength: number) =>
  Type.Refine(
    Type.String({ minLength: 1, maxLength }),
    (value) => isSlug(value),
    () => "must be lower-case letters and digits, words joined by single hyphens (as in 'vpn-radius-2')",
  );

export const NullableString = Type.Union([Type.String(), Type.Null()]);

export const Choice = <const T extends readonly (string | number)[]>(choices: T) => Type.Enum([...choices]);

/** `{id}`, the body of the per-record actions (activate, publish…). */
export const IdBody = Type.Object({ id: Uuid }, closed);

/** `{ids}`: the body of details and delete-many calls. */
export const IdsBody = (options: { minItems?: number; maxItems: number }) =>
  Type.Object({ ids: Type.Array(Uuid, { ...options }) }, closed);

/** 201 `{id}`: the answer of a create. */
export const CreatedAnswer = Type.Object({ id: Type.String() });

/** `{id}` in the path, any text: an id that is not a record's is a 404, as an unknown one. */
export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** `{id}` in the path, a uuid (400 for anything else). */
export const UuidParams = Type.Object({ id: Uuid }, closedQuery);

export const StatusAnswer = <S extends TSchema>(status: S) => Type.Object({ id: Type.String(), status });

/** The page of a POST search: `{contents, totalElements}`. */
export const SearchAnswer = <Row extends TSchema>(row: Row) =>
  Type.Object({ contents: Type.Array(row), totalElements: Type.Integer() });

/**
 * The page of a GET search: `{content, totalElements, page, pageSize}`; `totalCapped: true` when the list
 * counts its matches up to a bound (a users search, USER_SEARCH_COUNT_UP_TO) and more match than
 * `totalElements`, the bound.
 */
export const PageAnswer = <Row extends TSchema>(row: Row) =>
  Type.Object({
    content: Type.Array(row),
    totalElements: Type.Integer(),
    totalCapped: Type.Optional(Type.Literal(true)),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });

export const ACTIVE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const ActiveStatus = Type.Union([Type.Literal('ACTIVE'), Type.Literal('INACTIVE')]);

/** The activate and deactivate actions of a resource with an ACTIVE/INACTIVE status: `POST {base}/activate|deactivate {id}`. */
export const activationActions = <const A extends AccessRule>(
  access: A,
  summaries: { activate: string; deactivate: string },
) => {
  const action = <const N extends 'activate' | 'deactivate'>(name: N) =>
    ({
      by: 'eachId',
      method: 'POST',
      path: `{base}/${name}`,
      body: 'id',
      summary: summaries[name],
      access,
      errors: [404],
      schema: { body: IdBody, response: { 200: StatusAnswer(ActiveStatus) } },
    }) as const satisfies ActionCall;
  return { activate: action('activate'), deactivate: action('deactivate') };
};

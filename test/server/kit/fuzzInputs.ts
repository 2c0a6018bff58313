import { randomUUID } from 'node:crypto';
import { createTestContext } from '../helpers.ts';
import { type JsonSchema, type RouteEntry, routeTable } from './routeTable.ts';

/**
 * Malformed requests generated from a route's declaration (see routeTable.ts): a bounded set per route,
 * built from its path, query and body schemas, so that a new route is fuzzed without a new line.
 *
 * A "valid" sample of each schema is built first (required fields only); each malformed request breaks
 * one thing in it: one field of the wrong type, null, missing or unknown, a NUL byte or a lone surrogate
 * in one text, a 1 MB text (one character too many where the schema sets a maximum), a deep nesting,
 * extreme numbers; and, for the whole body: invalid JSON, the wrong content type, invalid UTF-8.
 * Multipart routes get broken forms: oversized and non-image files, json parts with bad text, too many
 * parts.
 */

export interface FuzzRequest {
  /** What is broken, for the report: `body.page: -1`. */
  label: string;
  method: string;
  /** Path and query string. */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export const MEGA_TEXT = 'a'.repeat(1_000_000);
const NUL_TEXT = 'a\u0000b';
const SURROGATE_TEXT = 'a\ud800b';
/** Deep enough to find recursion without a bound; value-based cases stay shallower (JSON.stringify recurses). */
const NESTING_DEPTH = 5_000;
const VALUE_NESTING_DEPTH = 500;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** The texts every text field, query value and path parameter is tried with. */
const BAD_TEXTS: Readonly<Record<string, string>> = {
  'a NUL byte': NUL_TEXT,
  'a lone surrogate': SURROGATE_TEXT,
  'a 1 MB text': MEGA_TEXT,
};

/** JSON that a query value may carry (range, sort, filter): escapes that decode to bad text, and more. */
const BAD_JSON_TEXTS: Readonly<Record<string, string>> = {
  'JSON with an escaped NUL': '{"q":"\\u0000"}',
  'a JSON list with an escaped NUL': '["\\u0000","ASC"]',
  'JSON with an escaped lone surrogate': '{"q":"\\ud800"}',
  'a JSON list of extreme numbers': '[-1,1e400]',
  'deeply nested JSON': deepArray(NESTING_DEPTH),
  'JSON with __proto__': '{"__proto__":{"polluted":true}}',
};

/** Numbers a page, a size or any number may be sent as in a body. */
const BAD_NUMBERS: Readonly<Record<string, number>> = {
  '-1': -1,
  '1.5': 1.5,
  '1e308': 1e308,
};

/** The same in a query, with what only a text can carry. */
const BAD_NUMBER_TEXTS: Readonly<Record<string, string>> = {
  '-1': '-1',
  '1.5': '1.5',
  '1e400': '1e400',
  '99999999999999999999': '99999999999999999999',
  abc: 'abc',
};

// ---------------------------------------------------------------------------------------------------
// Samples: a value each schema accepts, as far as the schema says (refinements are not known here).

const typeOf = (schema: JsonSchema): string | undefined => {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  return undefined;
};

/** The first branch of a union that is not null. */
const branchOf = (schema: JsonSchema): JsonSchema | undefined => {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return schema.allOf?.[0];
  return branches.find((branch) => typeOf(branch) !== 'null') ?? branches[0];
};

function sampleText(schema: JsonSchema): string {
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
    case 'date-time':
      return '2024-01-02T03:04:05.000Z';
    case 'date':
      return '2024-01-02';
    case 'uri':
    case 'url':
      return 'https://example.com/fuzz';
  }
  const length = Math.min(Math.max(schema.minLength ?? 1, 4), schema.maxLength ?? 4);
  return 'fuzz'.repeat(Math.ceil(length / 4)).slice(0, length);
}

/** A value of `schema`; objects get their required properties only. */
export function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branch = branchOf(schema);
  if (branch) return sample(branch, depth + 1);
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        value[name] = sample(schema.properties?.[name], depth + 1);
      }
      return value;
    }
    case 'array': {
      if (Array.isArray(schema.items)) return schema.items.map((item) => sample(item, depth + 1));
      if (schema.prefixItems) return schema.prefixItems.map((item) => sample(item, depth + 1));
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () => sample(schema.items as JsonSchema | undefined, depth + 1));
    }
    case 'string':
      return sampleText(schema);
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum === undefined ? 0 : schema.exclusiveMinimum + 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'fuzz';
  }
}

// ---------------------------------------------------------------------------------------------------
// Broken values of one slot (a field, an array item), by the slot's schema.

type Path = (string | number)[];

interface Slot {
  path: Path;
  schema: JsonSchema;
  required: boolean;
}

/** Every field and first array item down to `maxDepth`, with its schema. */
function slotsOf(schema: JsonSchema, path: Path = [], maxDepth = 3): Slot[] {
  if (path.length >= maxDepth) return [];
  const shape = branchOf(schema) ?? schema;
  const slots: Slot[] = [];
  if (typeOf(shape) === 'object') {
    const required = new Set(shape.required ?? []);
    for (const [name, child] of Object.entries(shape.properties ?? {})) {
      const slot = { path: [...path, name], schema: child, required: required.has(name) };
      slots.push(slot, ...slotsOf(child, slot.path, maxDepth));
    }
  } else if (typeOf(shape) === 'array' && shape.items && !Array.isArray(shape.items)) {
    const slot = { path: [...path, 0], schema: shape.items, required: true };
    slots.push(slot, ...slotsOf(shape.items, slot.path, maxDepth));
  }
  return slots;
}

/**
 * A text the field cannot take: 1 MB where the schema sets no maximum (the handler and the database get
 * it), one character over the maximum where it does (the validator's own limit is not fuzzed again).
 */
function tooLongText(shape: JsonSchema): [string, unknown] {
  const max = shape.maxLength;
  return max === undefined || max >= MEGA_TEXT.length
    ? ['a 1 MB text', MEGA_TEXT]
    : [`${max + 1} characters`, 'a'.repeat(max + 1)];
}

/** The same for a list: 10,001 items, or one over its maximum. */
function tooManyItems(shape: JsonSchema): [string, unknown] {
  const count = shape.maxItems === undefined || shape.maxItems >= 10_001 ? 10_001 : shape.maxItems + 1;
  return [`${count} items`, Array.from({ length: count }, () => sample(shape.items as JsonSchema))];
}

/** Values of the wrong kind, and values of the right kind that no schema should let through unchecked. */
function badValuesFor(schema: JsonSchema): [string, unknown][] {
  const shape = branchOf(schema) ?? schema;
  const common: [string, unknown][] = [['null', null]];
  if (shape.const !== undefined || shape.enum) {
    return [...common, ['not a choice', 'NOT_A_CHOICE'], ['a number', 1], ['a NUL byte', NUL_TEXT]];
  }
  switch (typeOf(shape)) {
    case 'string':
      return [
        ...common,
        ['a number', 123],
        ['a NUL byte', NUL_TEXT],
        ['a lone surrogate', SURROGATE_TEXT],
        tooLongText(shape),
      ];
    case 'integer':
    case 'number':
      return [...common, ['a text', 'abc'], ...Object.entries(BAD_NUMBERS)];
    case 'boolean':
      return [...common, ['a text', 'true'], ['a number', 1]];
    case 'object':
      return [
        ...common,
        ['a text', 'x'],
        ['a list', []],
        ['an unknown field', { ...(sample(shape) as object), fuzzUnknownField: 1 }],
        ['a key with a NUL byte', { ...(sample(shape) as object), 'a\u0000b': 'x' }],
      ];
    case 'array':
      return [
        ...common,
        ['a text', 'x'],
        tooManyItems(shape),
        ['deeply nested lists', JSON.parse(deepArray(VALUE_NESTING_DEPTH))],
      ];
    default:
      return [
        ...common,
        ['a NUL byte', NUL_TEXT],
        ['deeply nested lists', JSON.parse(deepArray(VALUE_NESTING_DEPTH))],
      ];
  }
}

/** A copy of `root` with `value` at `path` (undefined: the field left out); missing parents are sampled. */
function withValueAt(root: unknown, schema: JsonSchema, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  const shape = branchOf(schema) ?? schema;
  const childSchema =
    typeof head === 'number'
      ? ((Array.isArray(shape.items) ? shape.items[head] : shape.items) ?? {})
      : (shape.properties?.[head] ?? {});
  const container: Record<string | number, unknown> | unknown[] =
    typeof head === 'number'
      ? Array.isArray(root)
        ? [...root]
        : []
      : typeof root === 'object' && root !== null && !Array.isArray(root)
        ? { ...(root as Record<string, unknown>) }
        : {};
  const current = (container as Record<string | number, unknown>)[head] ?? sample(childSchema);
  const next = withValueAt(current, childSchema, rest, value);
  if (next === undefined && !Array.isArray(container)) delete container[head];
  else (container as Record<string | number, unknown>)[head] = next;
  return container;
}

const pathLabel = (part: string, path: Path) =>
  [part, ...path.map((step) => (typeof step === 'number' ? `[${step}]` : step))].join('.').replace('.[', '[');

// ---------------------------------------------------------------------------------------------------
// Encoding: lone surrogates cannot be percent-encoded as UTF-8; they are sent as the bytes a careless
// client would send (WTF-8: ED A0 80 for U+D800).

function percentEncode(text: string): string {
  if (!/[\ud800-\udfff]/.test(text)) return encodeURIComponent(text);
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

const queryString = (pairs: [string, string][]) =>
  pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');

const JSON_HEADERS = { 'content-type': 'application/json' };

// ---------------------------------------------------------------------------------------------------
// Multipart bodies.

const BOUNDARY = '----fuzz-boundary-7MA4YWxkTrZu0gW';
const MULTIPART_HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  type?: string;
}

function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.fileName !== undefined) head += `; filename="${part.fileName}"`;
    head += '\r\n';
    if (part.type) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jsonPart = (value: string): Part => ({ name: 'json', value, type: 'application/json' });
const pngPart = (bytes: Buffer, fileName = 'icon.png'): Part => ({
  name: 'iconFile',
  value: bytes,
  fileName,
  type: 'image/png',
});

function multipartCases(): [string, Buffer | string, Record<string, string>][] {
  const png = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(64)]);
  const form = (parts: Part[]) => multipartBody(parts);
  return [
    ['multipart: an empty json part', form([jsonPart('{}')]), MULTIPART_HEADERS],
    ['multipart: a NUL byte in the json part', form([jsonPart('{"a":"\\u0000"}')]), MULTIPART_HEADERS],
    ['multipart: a raw NUL byte in the json part', form([jsonPart('{"a":"\u0000"}')]), MULTIPART_HEADERS],
    ['multipart: a lone surrogate in the json part', form([jsonPart('{"a":"\\ud800"}')]), MULTIPART_HEADERS],
    ['multipart: a key with a NUL byte', form([jsonPart('{"\\u0000":1}')]), MULTIPART_HEADERS],
    ['multipart: invalid JSON', form([jsonPart('{"a":')]), MULTIPART_HEADERS],
    ['multipart: null JSON', form([jsonPart('null')]), MULTIPART_HEADERS],
    ['multipart: deeply nested JSON', form([jsonPart(deepArray(NESTING_DEPTH))]), MULTIPART_HEADERS],
    ['multipart: a json part over 1 MB', form([jsonPart(`"${'a'.repeat(1_100_000)}"`)]), MULTIPART_HEADERS],
    [
      'multipart: a text file as the image',
      form([jsonPart('{}'), { ...pngPart(Buffer.from('hello')), type: 'text/plain' }]),
      MULTIPART_HEADERS,
    ],
    [
      'multipart: a PNG that is not one',
      form([jsonPart('{}'), pngPart(Buffer.from('not a png'))]),
      MULTIPART_HEADERS,
    ],
    [
      'multipart: a file over 2 MB',
      form([jsonPart('{}'), pngPart(Buffer.concat([png, Buffer.alloc(2_100_000)]))]),
      MULTIPART_HEADERS,
    ],
    [
      'multipart: a file name with a NUL byte',
      form([jsonPart('{}'), pngPart(png, 'a\u0000b.png')]),
      MULTIPART_HEADERS,
    ],
    [
      'multipart: a file name with a lone surrogate',
      form([jsonPart('{}'), pngPart(png, 'a\ud800b.png')]),
      MULTIPART_HEADERS,
    ],
    [
      'multipart: a file in an unknown part',
      form([jsonPart('{}'), { ...pngPart(png), name: 'a\u0000b' }]),
      MULTIPART_HEADERS,
    ],
    ['multipart: two files', form([jsonPart('{}'), pngPart(png), pngPart(png)]), MULTIPART_HEADERS],
    [
      'multipart: 20 parts',
      form(Array.from({ length: 20 }, (_, index) => ({ name: `p${index}`, value: 'x' }))),
      MULTIPART_HEADERS,
    ],
    ['multipart: no boundary', form([jsonPart('{}')]), { 'content-type': 'multipart/form-data' }],
    ['multipart: cut short', form([jsonPart('{}'), pngPart(png)]).subarray(0, 120), MULTIPART_HEADERS],
  ];
}

// ---------------------------------------------------------------------------------------------------

/** The malformed requests of one route; `pathValues` are the usable values of its path parameters. */
export function malformedRequests(
  route: RouteEntry,
  pathValues: Readonly<Record<string, string>>,
): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const { method } = route;
  const hasBody = method !== 'GET' && method !== 'HEAD';

  const pathWith = (overrides: Record<string, string> = {}) =>
    route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
      name in overrides ? overrides[name]! : percentEncode(pathValues[name] ?? 'fuzz'),
    );

  const querySchema = route.schemas.querystring;
  const baseQuery = Object.entries((sample(querySchema) as Record<string, unknown> | undefined) ?? {})
    .filter(([, value]) => value !== undefined && typeof value !== 'object')
    .map(([name, value]): [string, string] => [name, String(value)]);
  const urlWith = (pairs: [string, string][] = baseQuery, path = pathWith()) =>
    pairs.length === 0 ? path : `${path}?${queryString(pairs)}`;

  const bodySchema = route.schemas.body;
  const baseBody = bodySchema ? sample(bodySchema) : hasBody && !route.multipart ? {} : undefined;
  const basePayload = baseBody === undefined ? undefined : JSON.stringify(baseBody);
  const baseHeaders: Record<string, string> =
    basePayload === undefined ? {} : route.multipart ? {} : { ...JSON_HEADERS };

  const add = (label: string, parts: Partial<Omit<FuzzRequest, 'label' | 'method'>> = {}) =>
    requests.push({
      label,
      method,
      url: parts.url ?? urlWith(),
      headers: parts.headers ?? baseHeaders,
      payload: 'payload' in parts ? parts.payload : basePayload,
    });

  // Path parameters.
  for (const name of route.params) {
    const broken: Record<string, string> = {
      ...Object.fromEntries(Object.entries(BAD_TEXTS).map(([label, text]) => [label, percentEncode(text)])),
      'not an id': 'not-an-id',
      'an overlong NUL (C0 80)': 'a%C0%80b',
      'a cut percent escape': 'a%E0%A4%A',
      'an encoded slash and dots': '..%2F..%2Fetc',
    };
    for (const [label, value] of Object.entries(broken)) {
      add(`path ${name}: ${label}`, { url: urlWith(baseQuery, pathWith({ [name]: value })) });
    }
  }

  // Query parameters: every declared one broken in turn, then undeclared ones.
  const queryProperties = querySchema?.properties ?? {};
  for (const [name, schema] of Object.entries(queryProperties)) {
    const others = baseQuery.filter(([other]) => other !== name);
    const shape = branchOf(schema) ?? schema;
    const type = typeOf(shape);
    const values: Record<string, string> = { ...BAD_TEXTS };
    if (type === 'integer' || type === 'number') Object.assign(values, BAD_NUMBER_TEXTS);
    // Long enough to carry JSON (range, sort, filter).
    if (type === 'string' && !shape.enum && (shape.maxLength ?? Infinity) >= 100) {
      Object.assign(values, BAD_JSON_TEXTS);
    }
    for (const [label, value] of Object.entries(values)) {
      add(`query ${name}: ${label}`, { url: urlWith([...others, [name, value]]) });
    }
    add(`query ${name}: sent twice`, { url: urlWith([...others, [name, 'a'], [name, 'b']]) });
    if (querySchema?.required?.includes(name)) add(`query ${name}: missing`, { url: urlWith(others) });
  }
  add('query: a NUL byte in a name and a value', { url: urlWith([...baseQuery, [NUL_TEXT, NUL_TEXT]]) });
  add('query: a lone surrogate in a name and a value', {
    url: urlWith([...baseQuery, [SURROGATE_TEXT, SURROGATE_TEXT]]),
  });
  if (querySchema) {
    add('query: an unknown parameter', { url: urlWith([...baseQuery, ['fuzzUnknown', '1']]) });
    add('query: negative and huge pages', {
      url: urlWith([
        ...baseQuery.filter(([name]) => !/^page/.test(name)),
        ['page', '-1'],
        ['pageSize', '1e308'],
      ]),
    });
  }

  // The body as a whole.
  if (hasBody && !route.multipart) {
    const json = (payload: string | Buffer) => ({ headers: JSON_HEADERS, payload });
    add('body: invalid JSON', json('{"a":'));
    add('body: a raw NUL byte inside JSON', json('{"a":"\u0000"}'));
    add(
      'body: invalid UTF-8',
      json(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0xff, 0x22, 0x7d])),
    );
    add('body: deeply nested JSON', json(`{"a":${deepArray(NESTING_DEPTH)}}`));
    add('body: a text where an object is expected', json('"text"'));
    add('body: null', json('null'));
    add(
      'body: __proto__ deeply nested',
      json(`{"a":${'['.repeat(NESTING_DEPTH)}{"__proto__":{}}${']'.repeat(NESTING_DEPTH)}}`),
    );
    add('body: a NUL byte in an unknown field', json('{"fuzz":"\\u0000"}'));
    add('body: a lone surrogate in an unknown field', json('{"fuzz":"\\ud800"}'));
    add('body: sent as text/plain', {
      headers: { 'content-type': 'text/plain' },
      payload: basePayload ?? 'x',
    });
    add('body: sent as a form', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=%00',
    });
    add('body: over 1 MiB', json(JSON.stringify({ a: 'a'.repeat(1_100_000) })));
  }

  // Each field of the body broken in turn.
  if (bodySchema) {
    for (const slot of slotsOf(bodySchema)) {
      const label = pathLabel('body', slot.path);
      if (slot.required && typeof slot.path.at(-1) === 'string') {
        add(`${label}: missing`, {
          payload: JSON.stringify(withValueAt(baseBody, bodySchema, slot.path, undefined)),
        });
      }
      for (const [what, value] of badValuesFor(slot.schema)) {
        add(`${label}: ${what}`, {
          payload: JSON.stringify(withValueAt(baseBody, bodySchema, slot.path, value)),
        });
      }
    }
  }

  if (route.multipart) {
    for (const [label, payload, headers] of multipartCases()) add(label, { headers, payload });
    add('multipart: sent as JSON', { headers: JSON_HEADERS, payload: '{}' });
  }

  return requests;
}

/** Log lines that warn or report an error, or carry a stack trace. */
export function troubleIn(lines: string[]): string[] {
  return lines.filter(
    (line) => /"level":([4-9]\d)/.test(line) || line.includes('"stack"') || /\\n\s+at /.test(line),
  );
}

/**
 * The app as a fuzz test needs it: its routes collected while it is built, and its log kept in memory (at
 * `info`, as in production), closed after the file's tests.
 */
export async function appWithItsLog() {
  const logLines: string[] = [];
  const table = routeTable();
  const ctx = await createTestContext({
    extend: table.collect,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  afterAll(async () => {
    await ctx.close();
  });
  return { ctx, table, logLines };
}

import type { HttpResponse } from './transport';
import type { BodySpec, HttpMethod, ResourceEntry, SessionTransport } from './types';

/** The shared pieces of the conventions: filling path templates, bodies and queries, and sending. */

export const ROOT_CUSTOMER_NOT_FOUND = 'error.account.rootCustomerNotFound';
export const UNSUPPORTED = 'error.fetch.unsupportedAction';
export const MISSING_TOTAL = 'error.fetch.missingTotal';
export const MISSING_CONTENT_RANGE = 'error.fetch.missingContentRange';
export const MISSING_PARAMETER = 'error.fetch.missingParameter';

type Bag = Record<string, unknown>;

const isBag = (value: unknown): value is Bag => typeof value === 'object' && value !== null;

/**
 * The customer a call names in `meta.customerId`, for an operator's calls across customers (an order list
 * of every customer names 'all'); the server decides whether the caller may.
 */
export const chosenCustomer = (params: Bag | undefined): string | undefined => {
  const meta = params?.meta;
  return isBag(meta) && typeof meta.customerId === 'string' && meta.customerId ? meta.customerId : undefined;
};

/**
 * The value of `{name}`: for customerId the customer the call names (meta) or the session's; else the
 * params, data, previousData, meta, filter.
 */
export const paramValue = (name: string, params: Bag, ctx: SessionTransport): unknown => {
  if (name === 'customerId') {
    const chosen = chosenCustomer(params);
    if (chosen) return chosen;
    const customerId = ctx.customerId();
    if (!customerId) throw ctx.missingCustomer();
    return customerId;
  }
  for (const source of [params, params.data, params.previousData, params.meta, params.filter]) {
    if (isBag(source) && source[name] !== undefined && source[name] !== null) return source[name];
  }
  return undefined;
};

const PLACEHOLDER = /\{(\w+)\}/g;

/** The names a template uses, but `base`. */
export const placeholders = (template: string): string[] =>
  [...template.matchAll(PLACEHOLDER)].map((match) => match[1]).filter((name) => name !== 'base');

/** A path template filled: `{base}` the entry's path, the others from the session and the params. */
export const fillPath = (
  template: string,
  entry: ResourceEntry,
  params: Bag,
  ctx: SessionTransport,
): string => {
  const base = entry.base.replace(PLACEHOLDER, (_, name: string) =>
    encodeURIComponent(String(paramValue(name, params, ctx))),
  );
  return template.replace(PLACEHOLDER, (_, name: string) => {
    if (name === 'base') return base;
    const value = paramValue(name, params, ctx);
    if (value === undefined || value === '') throw new Error(MISSING_PARAMETER);
    return encodeURIComponent(String(value));
  });
};

const queryValue = (value: unknown): string =>
  Array.isArray(value) ? value.join(',') : isBag(value) ? JSON.stringify(value) : String(value);

/** `?a=1&b=x,y` from pairs, leaving out empty values; '' when nothing is left. */
export const toQuery = (pairs: Bag): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(pairs)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(name, queryValue(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The named query parameters, filled from the session and the params. */
export const namedQuery = (names: readonly string[] | undefined, params: Bag, ctx: SessionTransport): Bag =>
  Object.fromEntries((names ?? []).map((name) => [name, paramValue(name, params, ctx)]));

/** The JSON body a spec asks for, or undefined for none. */
export const bodyOf = (spec: BodySpec | undefined, params: Bag, ctx: SessionTransport): unknown => {
  if (spec === undefined) return undefined;
  if (spec === 'data') return params.data ?? {};
  if (spec === 'meta') return params.meta ?? {};
  if (spec === 'id') return { id: params.id };
  if (spec === 'ids') return { ids: params.ids };
  return Object.fromEntries(
    Object.entries(spec).map(([field, template]) => {
      const name = /^\{(\w+)\}$/.exec(template)?.[1];
      return [field, name ? paramValue(name, params, ctx) : template];
    }),
  );
};

export interface EntryTransport {
  /** The path of a template for these params. */
  path(template: string, params: Bag): string;
  /** A JSON call, with the entry's error rule; `signal` (react-admin's) aborts it when its query is dropped. */
  send<T>(method: HttpMethod, path: string, body?: unknown, signal?: AbortSignal): Promise<HttpResponse<T>>;
}

/** How the conventions of one entry reach the server. */
export const transportFor = (entry: ResourceEntry, ctx: SessionTransport): EntryTransport => ({
  path: (template, params) => fillPath(template, entry, params, ctx),
  send: (method, path, body, signal) =>
    ctx.http(path, {
      method,
      preferMessage: entry.preferMessage,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      ...(signal ? { signal } : {}),
    }),
});

/** Rows of a list answer: an array, or `contents`, or `content`. */
export const rowsOf = <T>(json: unknown): T[] => {
  if (Array.isArray(json)) return json as T[];
  if (isBag(json)) {
    if (Array.isArray(json.contents)) return json.contents as T[];
    if (Array.isArray(json.content)) return json.content as T[];
  }
  return [];
};

export const isRecordAnswer = (json: unknown): json is Bag & { id: string | number } =>
  isBag(json) && !Array.isArray(json) && (typeof json.id === 'string' || typeof json.id === 'number');

import { HttpResponse, http } from 'msw';
import { API, server } from '../msw';

/** What the server saw of one request, in the terms a test writes down. */
export interface Seen {
  method: string;
  /** The path under the API base, e.g. '/api/customer/search'. */
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  /** The JSON body, if any. */
  body?: unknown;
  /** The multipart parts by name: JSON parts parsed, file parts as {fileName, type, text}. */
  parts?: Record<string, unknown>;
}

export interface CannedAnswer {
  status?: number;
  json?: unknown;
  /** A raw body (for no body at all, an empty string). */
  text?: string;
  headers?: Record<string, string>;
}

const partOf = async (value: FormDataEntryValue): Promise<unknown> => {
  if (typeof value === 'string') return value;
  const text = await value.text();
  return value.type.startsWith('application/json')
    ? { type: value.type, json: JSON.parse(text) }
    : { fileName: value.name, type: value.type, text };
};

const seenOf = async (request: Request): Promise<Seen> => {
  const url = new URL(request.url);
  const seen: Seen = {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    authorization: request.headers.get('authorization'),
  };
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const parts: Record<string, unknown> = {};
    for (const [name, value] of form.entries()) parts[name] = await partOf(value);
    seen.parts = parts;
  } else {
    const text = await request.text();
    if (text) seen.body = type.includes('json') ? JSON.parse(text) : text;
  }
  return seen;
};

/** Default answer: fits every list convention (Content-Range, contents/content, totalElements) and a create. */
export const ANY_ANSWER: CannedAnswer = {
  json: { id: 'new1', contents: [], content: [], totalElements: 0 },
  headers: { 'Content-Range': 'items 0-0/0' },
};

/** Records every request the API receives and answers each with the canned answer. */
export const recordRequests = (answer: CannedAnswer = ANY_ANSWER): Seen[] => {
  const seen: Seen[] = [];
  server.use(
    http.all(`${API}/*`, async ({ request }) => {
      seen.push(await seenOf(request));
      const init = { status: answer.status ?? 200, headers: answer.headers };
      if (answer.text !== undefined) return new HttpResponse(answer.text || null, init);
      return HttpResponse.json(answer.json ?? {}, init);
    }),
  );
  return seen;
};

const BEARER = 'Bearer tok';

const expected = (method: string, url: string, rest: Partial<Seen> = {}): Seen => {
  const parsed = new URL(url, 'http://localhost');
  return {
    method,
    path: parsed.pathname,
    query: Object.fromEntries(parsed.searchParams),
    authorization: BEARER,
    ...rest,
  };
};

// The requests a test expects, written out: method, URL with its query, body, and the bearer header.
export const GET = (url: string) => expected('GET', url);
export const POST = (url: string, body?: unknown) => expected('POST', url, { body });
export const PUT = (url: string, body?: unknown) => expected('PUT', url, { body });
export const DELETE = (url: string, body?: unknown) => expected('DELETE', url, { body });
export const MULTIPART = (method: 'POST' | 'PUT', url: string, parts: Record<string, unknown>) =>
  expected(method, url, { parts });

/** A JSON part of a multipart body, as recorded. */
export const jsonPart = (json: unknown) => ({ type: 'application/json', json });
/** A file part of a multipart body, as recorded. */
export const filePart = (fileName: string, type: string, text: string) => ({ fileName, type, text });

/** Requests sent concurrently arrive in any order: compare them sorted. */
export const sorted = (requests: Seen[]): Seen[] =>
  [...requests].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import { server } from './msw';

/** What the fixtures' fake servers do alike: pages of a list, removals, refusals, multipart bodies. */

/** A refusal of the server: its status and the body it sends. */
export interface Refusal {
  status: number;
  messageKey: string;
  message: string;
}

/** Answers the refusal: its body with its status. */
export const refuse = ({ status, ...body }: Refusal) => HttpResponse.json(body, { status });

/** The page of `found` that the query asks (its page number named `pageParam`; 25 rows by default). */
export const pageOf = <T>(found: readonly T[], query: URLSearchParams, pageParam = 'page') => {
  const page = Number(query.get(pageParam) ?? 0);
  const pageSize = Number(query.get('pageSize') ?? 25);
  return {
    content: found.slice(page * pageSize, (page + 1) * pageSize),
    totalElements: found.length,
    page,
    pageSize,
  };
};

/** Takes the records of these ids out of the list kept. */
export const removeIds = (records: { id: string }[], ids: readonly string[]) => {
  for (const id of ids)
    records.splice(
      records.findIndex((record) => record.id === id),
      1,
    );
};

/**
 * The send-mail of a code list at `url`: the refusal given, or what is given, or else how many of the codes
 * were queued (an address typed, or their user's) and how many skipped for want of one.
 */
export const sendMailOf = (
  url: string,
  codes: readonly { id: string; email: string | null }[],
  answer?: { queued: number; skipped: number } | Refusal,
) =>
  http.post(url, async ({ request }) => {
    const body = (await request.json()) as { ids: string[]; email?: string };
    if (answer && 'status' in answer) return refuse(answer);
    const withEmail = body.ids.filter(
      (id) => body.email || codes.find((code) => code.id === id)?.email,
    ).length;
    return HttpResponse.json(answer ?? { queued: withEmail, skipped: body.ids.length - withEmail });
  });

export interface Part {
  name: string;
  type: string;
  fileName?: string;
  text: string;
}

/** The parts of a multipart request, by name, as the server would read them. */
export const partsOf = async (request: Request): Promise<Record<string, Part>> => {
  const form = await request.formData();
  const parts: Record<string, Part> = {};
  for (const [name, value] of form.entries()) {
    parts[name] =
      typeof value === 'string'
        ? { name, type: 'text/plain', text: value }
        : { name, type: value.type, fileName: value.name, text: await value.text() };
  }
  return parts;
};

/** From now on (until the test ends), the server refuses the call of this method on `url` so. */
export const refuseCall = (method: 'get' | 'post' | 'put' | 'delete', url: string, refusal: Refusal) =>
  server.use(http[method](url, () => refuse(refusal)));

/** A PUT on `url` that saves: it answers the record with the changes it received. */
export const savingPut = (url: string, record: object) =>
  http.put(url, async ({ request }) =>
    HttpResponse.json({ ...record, ...((await request.json()) as object) }),
  );

/** What a multipart call received: its parts, once it has been called. */
export interface ReceivedParts {
  parts?: Record<string, Part>;
}

/** A multipart call (`method` on `url`) that keeps the parts it receives, and answers what `answer` makes of them. */
export const keepingParts = (
  received: ReceivedParts,
  method: 'post' | 'put',
  url: string,
  answer: (parts: Record<string, Part>) => Response,
) =>
  http[method](url, async ({ request }) => {
    received.parts = await partsOf(request);
    return answer(received.parts);
  });

/** Waits for the multipart call: the parts it received. */
export const partsReceived = async (received: ReceivedParts) => {
  await waitFor(() => expect(received.parts).toBeDefined());
  return received.parts as Record<string, Part>;
};

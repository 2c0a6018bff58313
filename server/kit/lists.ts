import { type TSchema, Type } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ContractRoute } from '../../contract/kit.ts';
import type { Found, ListAsk, Listing } from '../db/listing.ts';
import { answerPage, type PageAsk, pageAnswer, pageSearchQuery, readPageSearch } from './pageSearch.ts';
import { answerSearch, type PostSearch, postSearchBody, readPostSearch, searchAnswer } from './postSearch.ts';
import { type RangeAsk, RangeQuery, readRange, sendRange } from './range.ts';

/**
 * A list call in its contract's convention: the schema of what it is asked and answers, the ask read from
 * the request, and the answer of one found page (see pageSearch.ts, postSearch.ts, range.ts).
 */

export type ListConvention = 'pageSearch' | 'postSearch' | 'range';

/** The request and answer schemas of a list of `record` rows over `listing`. */
export function listSchema(
  convention: ListConvention,
  listing: Listing,
  record: TSchema,
  extra?: Record<string, TSchema>,
): FastifySchema {
  switch (convention) {
    case 'pageSearch':
      return { querystring: pageSearchQuery(listing, extra), response: { 200: pageAnswer(record) } };
    case 'postSearch':
      return { body: postSearchBody(listing), response: { 200: searchAnswer(record) } };
    case 'range':
      return { querystring: RangeQuery, response: { 200: Type.Array(record) } };
  }
}

/** What the call asks for: its filters, sort and window. */
export function readList(convention: ListConvention, listing: Listing, request: FastifyRequest): ListAsk {
  switch (convention) {
    case 'pageSearch':
      return readPageSearch(listing, request.query as object);
    case 'postSearch':
      return readPostSearch(request.body as PostSearch);
    case 'range':
      return readRange(listing, request.query as never);
  }
}

/** The answer of one page: the convention's body (and, for a range, its Content-Range header). */
export function answerList<Rec>(
  convention: ListConvention,
  reply: FastifyReply,
  route: ContractRoute,
  found: Found<Rec>,
  ask: ListAsk,
): unknown {
  switch (convention) {
    case 'pageSearch':
      return answerPage(found, ask as PageAsk);
    case 'postSearch':
      return answerSearch(found);
    case 'range':
      return sendRange(reply, route.template.replace(/^\//, '').split('/').pop()!, found, ask as RangeAsk);
  }
}

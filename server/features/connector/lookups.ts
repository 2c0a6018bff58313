import { and, asc, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  CONNECTOR_LOOKUP_LIMIT,
  CONNECTOR_TYPE_IDS,
  type ConnectorKind,
  type ConnectorSummary,
} from '../../../contract/connector.ts';
import type { Database } from '../../db/client.ts';
import { escapeLike } from '../../db/listing.ts';
import { compileCheck, parseJson, UUID_PATTERN } from '../../validation.ts';
import { CONNECTOR_SOURCES, typeIdOf } from './sources.ts';

/**
 * The connector lookups of the service launch (contract/connector.ts): the call's customer's connectors of
 * one kind, by name (a selector, not a list screen: at most CONNECTOR_LOOKUP_LIMIT), and the type ids.
 */

const LookupFilter = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    ids: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: CONNECTOR_LOOKUP_LIMIT })),
  },
  { additionalProperties: false },
);

const checkFilter = compileCheck(LookupFilter, 'filter');

/** The lookup's filter: a JSON object with q and ids (400 naming what is wrong). */
const readFilter = (text: string | undefined): { q?: string; ids?: string[] } =>
  text === undefined || text === '' ? {} : checkFilter(parseJson(text, 'filter'));

/** The connectors of a kind the transaction's customer has, by name, filtered by `filter` (JSON {q, ids}). */
export async function connectorsOfKind(
  tx: Database,
  kind: ConnectorKind,
  filter: string | undefined,
): Promise<ConnectorSummary[]> {
  const { q, ids } = readFilter(filter);
  const source = CONNECTOR_SOURCES[kind];
  const wanted = ids?.map((id) => id.toLowerCase()).filter((id) => UUID_PATTERN.test(id));
  if (wanted && wanted.length === 0) return [];
  const found = await tx
    .select({ id: source.id, name: source.name })
    .from(source.table)
    .where(
      and(
        source.where,
        q ? sql`${source.name} ilike ${`%${escapeLike(q.trim())}%`}` : undefined,
        wanted ? sql`${source.id} in ${wanted}` : undefined,
      ),
    )
    .orderBy(asc(source.name), asc(source.id))
    .limit(CONNECTOR_LOOKUP_LIMIT);
  return found.map((row) => ({
    id: row.id as string,
    name: row.name as string,
    type: kind,
    typeId: typeIdOf(kind),
  }));
}

/** The connector type ids. */
export const connectorTypes = () =>
  Object.entries(CONNECTOR_TYPE_IDS).map(([name, id]) => ({ id, name: name as ConnectorKind }));

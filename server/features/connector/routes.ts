import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  CONNECTOR_LOOKUP_LIMIT,
  CONNECTOR_TYPE_IDS,
  type ConnectorKind,
  type ConnectorSummary,
  connector,
} from '../../../contract/connector.ts';
import { requiredCustomerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { escapeLike } from '../../db/listing.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { compileCheck, parseJson, UUID_PATTERN } from '../../validation.ts';
import { CONNECTOR_SOURCES, typeIdOf } from '../service/connectors.ts';

/**
 * The connector lookups of the service launch (contract/connector.ts): a customer's connectors of one kind,
 * by name, and the type ids.
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

export const connectorRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...routeOf(connector.base, connector.actions.ofType, 'connectors.ofType'),
    handler: async (request): Promise<ConnectorSummary[]> => {
      const kind = request.params.type;
      const { q, ids } = readFilter(request.query.filter);
      const source = CONNECTOR_SOURCES[kind];
      const wanted = ids?.map((id) => id.toLowerCase()).filter((id) => UUID_PATTERN.test(id));
      if (wanted && wanted.length === 0) return [];
      const found = await db
        .select({ id: source.id, name: source.name })
        .from(source.table)
        .where(
          and(
            eq(source.customer, requiredCustomerOf(request)),
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
    },
  });

  app.route({
    ...routeOf(connector.base, connector.actions.listTypes, 'connectors.listTypes'),
    handler: async () =>
      Object.entries(CONNECTOR_TYPE_IDS).map(([name, id]) => ({ id, name: name as ConnectorKind })),
  });
};

import { desc, eq, sql } from 'drizzle-orm';
import type { GatewaySignIn } from '../../../contract/gateway.ts';
import type { Database } from '../../db/client.ts';
import { gatewaySignIns, serviceInstances } from '../../db/schema.ts';

/** The sign-in log's entries (contract/gateway.ts GatewaySignIn), read in the caller's customer. */

/** How many entries the user's log shows. */
export const USER_LOG_LENGTH = 50;

type Row = typeof gatewaySignIns.$inferSelect & { serviceName: string | null };

const toEntry = (row: Row): GatewaySignIn => ({
  id: String(row.id),
  at: row.createdDate.toISOString(),
  protocol: row.protocol,
  serviceName: row.serviceName,
  userName: row.userName,
  clientAddress: row.clientAddress,
  result: row.result,
  reason: row.reason,
});

const selectEntries = (db: Database) =>
  db
    .select({
      id: gatewaySignIns.id,
      customerId: gatewaySignIns.customerId,
      protocol: gatewaySignIns.protocol,
      connectorId: gatewaySignIns.connectorId,
      serviceInstanceId: gatewaySignIns.serviceInstanceId,
      userId: gatewaySignIns.userId,
      userName: gatewaySignIns.userName,
      clientAddress: gatewaySignIns.clientAddress,
      result: gatewaySignIns.result,
      reason: gatewaySignIns.reason,
      createdDate: gatewaySignIns.createdDate,
      serviceName: serviceInstances.instanceName,
    })
    .from(gatewaySignIns)
    .leftJoin(serviceInstances, eq(serviceInstances.id, gatewaySignIns.serviceInstanceId))
    .$dynamic();

/** The user's last decisions, newest first. */
export async function userSignIns(db: Database, userId: string): Promise<GatewaySignIn[]> {
  const rows = await selectEntries(db)
    .where(eq(gatewaySignIns.userId, userId))
    .orderBy(desc(gatewaySignIns.createdDate), desc(gatewaySignIns.id))
    .limit(USER_LOG_LENGTH);
  return rows.map(toEntry);
}

/** Each connector's last decision (the connectors' pages), by connector id. */
export async function lastSignInsOf(
  db: Database,
  connectorIds: readonly string[],
): Promise<Map<string, GatewaySignIn>> {
  if (connectorIds.length === 0) return new Map();
  const ids = `{${connectorIds.join(',')}}`;
  const rows = await selectEntries(db).where(
    sql`${gatewaySignIns.id} in (
      select (select g.id from ${gatewaySignIns} g where g.connector_id = c.id
              order by g.created_date desc, g.id desc limit 1)
      from unnest(${ids}::uuid[]) as c(id))`,
  );
  return new Map(rows.map((row) => [row.connectorId!, toEntry(row)]));
}

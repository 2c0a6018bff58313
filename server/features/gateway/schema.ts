import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { GATEWAY_PROTOCOLS, GATEWAY_REASONS, GATEWAY_RESULTS } from '../../../contract/gateway.ts';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';

/**
 * The gateway's decisions (contract/gateway.ts): one row per answer it gave a client (a VPN), kept for the
 * user's sign-in log and the connector's last request. No password, no code: who, through what, from where,
 * what was answered and why. No foreign key to the user, service or connector: the log outlives them.
 */
export const gatewaySignIns = pgTable(
  'gateway_sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    protocol: text('protocol', { enum: GATEWAY_PROTOCOLS }).notNull(),
    connectorId: uuid('connector_id'),
    serviceInstanceId: uuid('service_instance_id'),
    /** Null for a user name the directory does not have. */
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    clientAddress: text('client_address'),
    result: text('result', { enum: GATEWAY_RESULTS }).notNull(),
    reason: text('reason', { enum: GATEWAY_REASONS }).notNull(),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    index('gateway_sign_ins_user_idx').on(t.userId, t.createdDate),
    index('gateway_sign_ins_connector_idx').on(t.connectorId, t.createdDate),
    index('gateway_sign_ins_customer_idx').on(t.customerId, t.createdDate),
    check('gateway_sign_ins_result_check', sql`${t.result} in ('ACCEPT', 'REJECT', 'CHALLENGE')`),
    customerScope(t.customerId),
  ],
);

/**
 * A sign-in the gateway holds between two packets: a RADIUS challenge waiting for the code (its id is the
 * State the client sends back), or a push waiting for the app's answer. In the database, so that any
 * instance answers any packet of the conversation. Used once; expired rows are deleted as new ones come.
 */
export const gatewayRequests = pgTable(
  'gateway_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['challenge', 'push'] }).notNull(),
    connectorId: uuid('connector_id').notNull(),
    serviceInstanceId: uuid('service_instance_id').notNull(),
    tokenPackId: uuid('token_pack_id').notNull(),
    userId: uuid('user_id').notNull(),
    userName: text('user_name').notNull(),
    clientAddress: text('client_address'),
    status: text('status', { enum: ['INITIAL', 'APPROVE', 'REJECT'] })
      .notNull()
      .default('INITIAL'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('gateway_requests_user_idx').on(t.userId, t.status),
    index('gateway_requests_expiry_idx').on(t.expiresAt),
    check('gateway_requests_kind_check', sql`${t.kind} in ('challenge', 'push')`),
    check('gateway_requests_status_check', sql`${t.status} in ('INITIAL', 'APPROVE', 'REJECT')`),
    customerScope(t.customerId),
  ],
);

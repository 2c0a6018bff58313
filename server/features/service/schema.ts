import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONNECTOR_KINDS } from '../../../contract/connector.ts';
import { timestamptz } from '../../db/columns.ts';
import { belongsTo, customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';
import { serviceTemplates } from '../serviceTemplate/schema.ts';
import { tokenPacks } from '../tokenPack/schema.ts';
import { users } from '../user/schema.ts';

export const serviceInstances = pgTable(
  'service_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** docs/requirements/portal-validation.md: a service instance belongs to exactly one token pack. */
    tokenPackId: uuid('token_pack_id')
      .notNull()
      .references(() => tokenPacks.id, { onDelete: 'cascade' }),
    serviceTemplateId: uuid('service_template_id').references(() => serviceTemplates.id, {
      onDelete: 'set null',
    }),
    instanceName: text('instance_name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['STARTED', 'STOPPED'] })
      .notNull()
      .default('STOPPED'),
    connectorConfig: jsonb('connector_config').notNull().default({}),
    /** Usable in its token pack (docs/requirements/portal-states.md: enabled or disabled per token pack, effective on save). */
    enabled: boolean('enabled').notNull().default(true),
    /** Windows logon templates: the app may remember the password. */
    rememberPassword: boolean('remember_password').notNull().default(false),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    lastModifiedDate: timestamptz('last_modified_date').notNull().defaultNow(),
  },
  (t) => [
    index('service_instances_pack_idx').on(t.tokenPackId),
    index('service_instances_customer_idx').on(t.customerId, t.instanceName),
    check('service_instances_status_check', sql`${t.status} in ('STARTED', 'STOPPED')`),
    customerScope(t.customerId),
  ],
);

/**
 * The connectors a service uses, one per connector type; a connector serves one service at most (the unique
 * index): giving it to another service takes it from the first (the service launch's force rule).
 */
export const serviceConnectors = pgTable(
  'service_connectors',
  {
    serviceInstanceId: uuid('service_instance_id')
      .notNull()
      .references(() => serviceInstances.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The connector type id (contract/connector.ts CONNECTOR_TYPE_IDS). */
    typeId: integer('type_id').notNull(),
    connectorId: uuid('connector_id').notNull(),
    /**
     * The kind the connector was chosen as (contract/connector.ts CONNECTOR_KINDS): its type's, or ldap_2fa
     * for a directory of type 1 chosen as the password check beside the second factor (kept by an edit).
     */
    kind: text('kind', { enum: CONNECTOR_KINDS }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceInstanceId, t.typeId] }),
    uniqueIndex('service_connectors_connector_idx').on(t.typeId, t.connectorId),
    check(
      'service_connectors_kind_check',
      sql`${t.kind} in ('ldap', 'ldap_2fa', 'radius', 'saml', 'oidc', 'saml2', 'https')`,
    ),
    customerScope(t.customerId),
  ],
);

/**
 * The users of a service's 2FA bypass list (they skip the second factor) and of its seamless login list
 * (they sign in by the app's QR scan alone).
 */
export const serviceUsers = pgTable(
  'service_users',
  {
    serviceInstanceId: uuid('service_instance_id')
      .notNull()
      .references(() => serviceInstances.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list', { enum: ['BYPASS', 'SEAMLESS'] }).notNull(),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceInstanceId, t.list, t.userId] }),
    index('service_users_user_idx').on(t.userId),
    check('service_users_list_check', sql`${t.list} in ('BYPASS', 'SEAMLESS')`),
    belongsTo('service_instances', t.serviceInstanceId),
  ],
);

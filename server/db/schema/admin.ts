import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TEMPLATE_PROTOCOLS } from '../../../contract/serviceTemplate.ts';
import { customerScope } from '../reach.ts';
import { customers, timestamptz } from './identity.ts';

/** Binary content; PGlite answers Uint8Array and node-postgres Buffer: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

/** Uploaded files (service template icons, token pack images), kept in the database with the rest. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').references(() => customers.id),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [customerScope(t.customerId, { shared: true })],
);

export const serviceTemplates = pgTable(
  'service_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uname: text('uname').notNull().unique('service_templates_uname_unique'),
    templateName: text('template_name').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['PUBLISHED', 'UNPUBLISHED'] })
      .notNull()
      .default('UNPUBLISHED'),
    protocol: text('protocol', { enum: TEMPLATE_PROTOCOLS }).notNull(),
    iconFileId: uuid('icon_file_id').references(() => files.id),
    connectorIds: integer('connector_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    modifiedDate: timestamptz('modified_date').notNull().defaultNow(),
  },
  (t) => [
    check('service_templates_status_check', sql`${t.status} in ('PUBLISHED', 'UNPUBLISHED')`),
    check(
      'service_templates_protocol_check',
      sql`${t.protocol} in ('RADIUS', 'SAML', 'SAML2', 'OIDC', 'HTTPS', 'LDAP')`,
    ),
  ],
);

/** Cloud authentication server settings (spec 01 §3); exactly one is ACTIVE at a time. */
export const vosCloudConfigs = pgTable(
  'vos_cloud_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloudUrl: text('cloud_url').notNull(),
    companyId: text('company_id').notNull(),
    /** Write-only: answers say whether it is set, never what it is. */
    companyPassword: text('company_password').notNull().default(''),
    httpAuthMode: text('http_auth_mode', { enum: ['DIGEST', 'BASIC', 'CLIENT_CERTIFICATE'] }).notNull(),
    pushPassType: text('push_pass_type').notNull().default(''),
    notifyMessageFlag: integer('notify_message_flag').notNull().default(0),
    messageFlag: integer('message_flag').notNull().default(0),
    callbackUrl: text('callback_url').notNull().default(''),
    certificate: text('certificate').notNull().default(''),
    gatewayUrl: text('gateway_url').notNull().default(''),
    provisioningUrl: text('provisioning_url').notNull().default(''),
    smartTokenUrl: text('smart_token_url').notNull().default(''),
    pkiServerUrl: text('pki_server_url').notNull().default(''),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('INACTIVE'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    modifiedDate: timestamptz('modified_date').notNull().defaultNow(),
  },
  (t) => [
    check(
      'vos_cloud_configs_auth_mode_check',
      sql`${t.httpAuthMode} in ('DIGEST', 'BASIC', 'CLIENT_CERTIFICATE')`,
    ),
    check(
      'vos_cloud_configs_flags_check',
      sql`${t.notifyMessageFlag} in (0, 1) and ${t.messageFlag} in (0, 1)`,
    ),
    check('vos_cloud_configs_status_check', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
    // At most one ACTIVE row: a partial unique index over a constant.
    uniqueIndex('vos_cloud_configs_one_active').on(sql`(true)`).where(sql`${t.status} = 'ACTIVE'`),
  ],
);

/** The provider's SAML setting (spec 01 §2): a single row. */
export const samlSettings = pgTable(
  'saml_settings',
  {
    id: integer('id').primaryKey().default(1),
    url: text('url').notNull().default(''),
    protocol: text('protocol').notNull().default(''),
    signOutPath: text('sign_out_path').notNull().default(''),
    signInPath: text('sign_in_path').notNull().default(''),
    metaPath: text('meta_path').notNull().default(''),
    cert: text('cert').notNull().default(''),
    modifiedDate: timestamptz('modified_date').notNull().defaultNow(),
  },
  (t) => [check('saml_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * The audit log (spec 02 §3): one entry per change, written in the same transaction as the change.
 * `changes` holds the changed fields as `{field: {before, after}}`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id'),
    tableName: text('table_name').notNull(),
    action: text('action').notNull(),
    entityId: text('entity_id').notNull(),
    modifiedBy: text('modified_by').notNull(),
    modifiedById: uuid('modified_by_id'),
    modifiedDate: timestamptz('modified_date').notNull().defaultNow(),
    changes: jsonb('changes')
      .$type<Record<string, { before: unknown; after: unknown }>>()
      .notNull()
      .default({}),
  },
  (t) => [
    // The audit list (server/routes/audit.ts): a customer's entries over a range, newest first (id breaks
    // ties), by table, by record.
    index('audit_log_customer_date_id').on(t.customerId, t.modifiedDate, t.id),
    index('audit_log_customer_table_date').on(t.customerId, t.tableName, t.modifiedDate),
    index('audit_log_customer_entity_date').on(t.customerId, t.entityId, t.modifiedDate),
    customerScope(t.customerId),
  ],
);

import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';

/** Cloud authentication server settings (docs/requirements/portal-entities.md); exactly one is ACTIVE at a time. */
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

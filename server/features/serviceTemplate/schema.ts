import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { TEMPLATE_PROTOCOLS } from '../../../contract/serviceTemplate.ts';
import { timestamptz } from '../../db/columns.ts';
import { files } from '../../db/schema/files.ts';

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

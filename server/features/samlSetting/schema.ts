import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';

/** The provider's SAML setting (docs/requirements/portal-routes-and-menus.md): a single row. */
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

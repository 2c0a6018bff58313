import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';

/**
 * A sign-in in progress on the gateway's web sign-in page (flow.ts), for an application signing its user in
 * through OpenID Connect or SAML 2.0: which connector asked, how far the person got (the password taken,
 * for whom; the push the page waits for), until it ends. In the database, so that any instance answers any
 * step. Its id is the protocol's own (oidc-provider's interaction uid, or the SAML identity provider's),
 * unguessable.
 */

/** The form that takes the browser back to the application when the protocol answers by POST (SAML). */
export interface WebSignInPost {
  url: string;
  fields: Record<string, string>;
}
export const webSignIns = pgTable(
  'web_sign_ins',
  {
    id: text('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    protocol: text('protocol', { enum: ['OIDC', 'SAML'] }).notNull(),
    connectorId: uuid('connector_id').notNull(),
    /**
     * `password` until the password is right, then `second` until the second factor is; `done` once the
     * protocol answered, while the page still has its form to post back to the application.
     */
    step: text('step', { enum: ['password', 'second', 'done'] })
      .notNull()
      .default('password'),
    /** The user whose password was right, and the name it was typed with. */
    userId: uuid('user_id'),
    userName: text('user_name'),
    /** Whether the user has an app the page can ask (push). */
    app: boolean('app').notNull().default(false),
    /** The push the page waits for, and when it stops waiting. */
    pushId: uuid('push_id'),
    pushExpiresAt: timestamptz('push_expires_at'),
    /** Why the gateway refused it (a GatewayReason): the page says so, and only offers to go back. */
    refusal: text('refusal'),
    /** Wrong passwords typed in this sign-in: past the most, it ends. */
    failures: integer('failures').notNull().default(0),
    /** What the protocol keeps of the application's request (SAML: its id, RelayState, where to answer). */
    request: jsonb('request'),
    /** The protocol's answer, posted by the page to the application (`done`). */
    post: jsonb('post').$type<WebSignInPost>(),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('web_sign_ins_expires_idx').on(t.expiresAt),
    check('web_sign_ins_step_check', sql`${t.step} in ('password', 'second', 'done')`),
    customerScope(t.customerId),
  ],
);

import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { requiredCustomerOf } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import { customers } from '../db/schema.ts';
import { CustomerParams } from '../http/customerScope.ts';

/**
 * The support features a plan can include (spec 01 §2: the Theme menu shows only when the customer's
 * billing support features include theme). A customer's features are kept on the customer.
 */
export const SUPPORT_FEATURES = ['theme'] as const;

const SupportFeatures = Type.Object(
  Object.fromEntries(SUPPORT_FEATURES.map((feature) => [feature, Type.Boolean()])) as Record<
    (typeof SUPPORT_FEATURES)[number],
    ReturnType<typeof Type.Boolean>
  >,
);

export const billingRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  /** GET billing/{customerId}/check/support_features → {theme: boolean}. */
  app.get(
    '/billing/:customerId/check/support_features',
    {
      config: { access: { customer: { from: 'path' } } },
      schema: { params: CustomerParams, response: { 200: SupportFeatures } },
    },
    async (request) => {
      const customerId = requiredCustomerOf(request);
      const [row] = await db
        .select({ features: customers.features })
        .from(customers)
        .where(eq(customers.id, customerId));
      const held = new Set(row?.features ?? []);
      return Object.fromEntries(SUPPORT_FEATURES.map((feature) => [feature, held.has(feature)])) as Record<
        (typeof SUPPORT_FEATURES)[number],
        boolean
      >;
    },
  );
};

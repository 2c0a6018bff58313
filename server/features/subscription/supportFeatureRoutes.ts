import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { billing } from '../../../contract/session.ts';
import { requiredCustomerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { routeOf } from '../../kit/contractRoutes.ts';

/**
 * The support features a plan can include (spec 01 §2: the Theme menu shows only when the customer's billing
 * support features include theme). A customer's features are kept on the customer.
 */
export { SUPPORT_FEATURES } from '../../../contract/session.ts';

export const billingRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...routeOf('', billing.calls.supportFeatures, 'billing.supportFeatures'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const [row] = await db
        .select({ features: customers.features })
        .from(customers)
        .where(eq(customers.id, customerId));
      const held = new Set(row?.features ?? []);
      return { theme: held.has('theme') };
    },
  });
};

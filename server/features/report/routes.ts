import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DASHBOARD_UIDS, type DashboardUid, report } from '../../../contract/report.ts';
import { callerOf, customerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { forbidden } from '../../errors.ts';
import { contractRoute, optionsOf, routeOf } from '../../kit/contractRoutes.ts';
import { DASHBOARDS, dashboardUnknown, panelData } from './report.ts';

/**
 * The dashboards (contract/report.ts, server/domain/report.ts): a dashboard's panels, and one panel's
 * figures through the data-source proxy, `{customerId}` a customer (a customer's account: its own only; any
 * other id 404 as an unknown one) or `provider` (operators only). The proxy takes the session token in the
 * query when no Authorization header is sent (spec 02 §7); the log shows the URL with it redacted.
 */

const isDashboard = (uid: string): uid is DashboardUid => (DASHBOARD_UIDS as readonly string[]).includes(uid);

export const reportRoutes: FastifyPluginAsyncTypebox<{ db: Database; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  app.route({
    ...optionsOf(contractRoute(report, 'getOne')),
    handler: async (request) => {
      const { id } = request.params as { id: string };
      if (!isDashboard(id)) throw dashboardUnknown();
      // The provider's dashboard is for operators only.
      if (id === 'provider' && callerOf(request).account.customerId !== null) throw forbidden();
      return DASHBOARDS[id];
    },
  });

  const panel = routeOf(report.base, report.actions.panel, 'report.panel');
  app.route({
    ...panel,
    config: { ...panel.config, tokenInQuery: true },
    handler: async (request) =>
      panelData(
        db,
        {
          customerId: customerOf(request),
          panel: request.params.panel,
          from: request.query.from,
          to: request.query.to,
        },
        now(),
      ),
  });
};

import { report } from '../../../contract/report.ts';
import type { Kit } from '../../kit/kit.ts';
import { dashboardOf, panelData } from './report.ts';

/**
 * The dashboards (contract/report.ts): a dashboard's panels (the provider's for operators only, as the
 * contract says), and one panel's figures through the data-source proxy, `{customerId}` a customer (a
 * customer's account: its own only; any other id 404 as an unknown one) or `provider` (operators only). The
 * proxy takes the session token in the query when no Authorization header is sent (docs/requirements/billing-services-data-calls.md); the log
 * shows the URL with it redacted.
 */
export function reportRoutes(kit: Kit): void {
  kit.route(report, 'getOne', (call) => dashboardOf(call.params.id));

  kit.route(report, 'panel', (call) =>
    panelData(
      call.tx,
      { customerId: call.customer, panel: call.params.panel, from: call.query.from, to: call.query.to },
      call.services.now(),
    ),
  );
}

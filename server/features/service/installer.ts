import { and, eq } from 'drizzle-orm';
import { CONNECTOR_TYPE_IDS } from '../../../contract/connector.ts';
import { SERVICE_ERRORS } from '../../../contract/service.ts';
import type { Database } from '../../db/client.ts';
import { httpsConnectors, serviceConnectors } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { ServiceRow } from './instances.ts';

/**
 * The installer profile of a service (docs/requirements/billing-services-screens.md Download Installer Profile): what an installed agent needs
 * to reach the gateway as this service, as `key=value` lines. It names the service's HTTPS connector and the
 * first characters of its API key; the key itself is never stored, so never in the file either: the agent is
 * given the key when it is made.
 */

const notReady = () => fail(SERVICE_ERRORS.installerNotReady);

/** One line's value: no line breaks (a name could hold one). */
const flat = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** The profile of a STARTED service with an HTTPS connector (connector_7) of its customer's, else 409. */
export async function installerProfile(
  db: Database,
  service: ServiceRow,
  gateway: { productName: string; serverUrl: string },
): Promise<string> {
  if (service.status !== 'STARTED') throw notReady();
  const [connector] = await db
    .select({ id: httpsConnectors.id, name: httpsConnectors.name, apiKeyHint: httpsConnectors.apiKeyHint })
    .from(serviceConnectors)
    .innerJoin(httpsConnectors, eq(httpsConnectors.id, serviceConnectors.connectorId))
    .where(
      and(
        eq(serviceConnectors.serviceInstanceId, service.id),
        eq(serviceConnectors.typeId, CONNECTOR_TYPE_IDS.https),
      ),
    );
  if (!connector) throw notReady();
  const lines: [string, string][] = [
    ['productName', gateway.productName],
    ['serverUrl', gateway.serverUrl],
    ['serviceId', service.id],
    ['serviceName', service.instanceName],
    ['customerId', service.customerId],
    ['httpsConnectorId', connector.id],
    ['httpsConnectorName', connector.name],
    ['apiKeyHint', connector.apiKeyHint],
  ];
  return `${lines.map(([key, value]) => `${key}=${flat(value)}`).join('\n')}\n`;
}

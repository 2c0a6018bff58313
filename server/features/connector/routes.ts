import { connector } from '../../../contract/connector.ts';
import type { Kit } from '../../kit/kit.ts';
import { connectorsOfKind, connectorTypes } from './lookups.ts';

/**
 * The connector lookups of the service launch (contract/connector.ts): a customer's connectors of one kind,
 * by name, and the type ids.
 */
export function connectorRoutes(kit: Kit): void {
  kit.route(connector, 'ofType', (call) => connectorsOfKind(call.tx, call.params.type, call.query.filter));
  kit.route(connector, 'listTypes', () => connectorTypes());
}

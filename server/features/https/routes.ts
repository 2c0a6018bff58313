import { HTTPS_LISTING, https } from '../../../contract/https.ts';
import type { Kit } from '../../kit/kit.ts';
import {
  addHttpsConnector,
  claimHttpsName,
  type HttpsRow,
  httpsRows,
  regenerateApiKey,
} from './httpsConnectors.ts';

/**
 * HTTPS connectors (contract/https.ts): a customer's administrators search, read, add, rename and delete
 * them, and replace a connector's API key. A new key is answered once (the create and the replacement);
 * every write has its audit entry ('HTTPS'). A name is unique in the customer, ignoring case (409).
 */
export function httpsRoutes(kit: Kit): void {
  kit.crud<HttpsRow, unknown, { name: string }, typeof https>(https, httpsRows, {
    record: https.getOne.schema.response[200],
    listingNames: HTTPS_LISTING,
    update: {
      values: async (call, before, form) => {
        const name = form.name.trim();
        await claimHttpsName(call, name, before.id);
        return { name };
      },
    },
    delete: {},
  });

  kit.route(https, 'create', async (call) => {
    const created = await addHttpsConnector(call, call.body.name);
    call.reply.code(201);
    return created;
  });

  kit.route(https, 'regenerateApiKey', (call) => regenerateApiKey(call, call.params.id));
}

import { SAML_LISTING, type SamlForm, saml } from '../../../contract/saml.ts';
import type { Kit } from '../../kit/kit.ts';
import { samlDefaults } from '../connector/make.ts';
import { federationScript, type SamlRow, samlRows, samlValues } from './samlConnectors.ts';

/**
 * Office 365 SAML connectors (contract/saml.ts): a customer's administrators search, read, add, change and
 * delete them; a new one starts from the provider's SAML setting (else this gateway and its signing
 * certificate); the federation script of a connector and a domain. Every write has its audit entry ('SAML').
 */
export function samlRoutes(kit: Kit): void {
  kit.crud<SamlRow, unknown, SamlForm, typeof saml>(saml, samlRows, {
    record: saml.getOne.schema.response[200],
    listingNames: SAML_LISTING,
    create: { values: (call, form) => ({ customerId: call.customer, ...samlValues(form) }) },
    update: { values: (_, __, form) => samlValues(form) },
    delete: {},
  });

  kit.route(saml, 'defaults', (call) =>
    samlDefaults(call.tx, call.services.sealer, call.services.config, call.origin),
  );

  kit.route(saml, 'federateScript', async (call) => {
    const { id, domain, unFederate } = call.query;
    const row = await samlRows.find(call, id);
    return federationScript(row, domain, unFederate === '1', call.services.config.productName);
  });
}

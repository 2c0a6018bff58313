import { SAML2_LISTING, type Saml2Form, saml2 } from '../../../contract/saml2.ts';
import type { Kit } from '../../kit/kit.ts';
import { claimSaml2Uname } from '../connector/make.ts';
import {
  checkUname,
  type Saml2Row,
  saml2Defaults,
  saml2Metadata,
  saml2Rows,
  saml2Values,
} from './saml2Connectors.ts';

/**
 * SAML 2.0 connectors (contract/saml2.ts): a customer's administrators search, read, add, change and delete
 * them, the URL suffix unique among all customers' connectors; the gateway's identity provider metadata of a
 * connector is public (service providers fetch it by URL). Every write has its audit entry ('SAML2').
 */
export function saml2Routes(kit: Kit): void {
  kit.crud<Saml2Row, unknown, Saml2Form, typeof saml2>(saml2, saml2Rows, {
    record: saml2.getOne.schema.response[200],
    listingNames: SAML2_LISTING,
    // The URL suffix check, the metadata and the defaults are about every customer's connectors, or none.
    only: ['list', 'getOne', 'create', 'update', 'delete'],
    create: {
      values: async (call, form) => {
        const values = saml2Values(form);
        await claimSaml2Uname(call.tx, values.uname);
        return { customerId: call.customer, ...values };
      },
    },
    update: {
      values: async (call, before, form) => {
        const values = saml2Values(form);
        if (values.uname !== before.uname) await claimSaml2Uname(call.tx, values.uname, before.id);
        return values;
      },
    },
    delete: {},
  });

  // A URL suffix is unique among every customer's connectors: the check sees them all, and answers whether.
  kit.route(saml2, 'check', { reach: 'all' }, (call) => checkUname(call.tx, call.params.uname));

  kit.route(saml2, 'xml', async (call) => {
    const { config, sealer } = call.services;
    const { fileName, xml } = await saml2Metadata(
      call.tx,
      sealer,
      config.productName,
      call.origin,
      call.params.uname,
    );
    return call.reply
      .type('application/samlmetadata+xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(xml);
  });

  kit.route(saml2, 'defaultConfig', (call) => saml2Defaults(call.params.type));
}

import { NEW_SAML2_SETTINGS } from '../../../contract/saml2.ts';
import * as schema from '../../../server/db/schema.ts';
import { defineRecords } from '../fixtures/featureRecords.ts';

/** A SAML 2.0 service provider. */
export default defineRecords({
  make: ({ db, customerId }) =>
    db.insert(schema.saml2Connectors).values({
      customerId,
      uname: 'globex-app',
      providerName: 'Globex App',
      ...NEW_SAML2_SETTINGS,
      entityId: 'https://app.globex.test/saml',
      acsUrl: 'https://app.globex.test/saml/acs',
    }),
});

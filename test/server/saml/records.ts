import * as schema from '../../../server/db/schema.ts';
import { selfSignedCertificate } from '../../../server/features/connector/certificate.ts';
import { defineRecords } from '../fixtures/featureRecords.ts';

/** A SAML connector for Office 365, with its certificate. */
export default defineRecords({
  make: ({ db, customerId }) =>
    db.insert(schema.samlConnectors).values({
      customerId,
      name: 'Globex Office 365',
      url: 'https://gateway.globex.test',
      protocol: 'saml',
      signInPath: '/sso',
      signOutPath: '/slo',
      metaPath: '/metadata',
      cert: selfSignedCertificate({ commonName: 'globex', organization: 'Globex', days: 30 }).certificate,
    }),
});

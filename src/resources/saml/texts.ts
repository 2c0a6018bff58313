/** Office 365 SAML connectors (docs/requirements/portal-entities.md SAML connector; docs/requirements/billing-services-data-calls.md federate-script). */
export const saml = {
  name: 'Office 365 |||| Office 365',
  fields: {
    name: 'Name',
    url: 'Gateway URL',
    protocol: 'Protocol',
    signInPath: 'Sign-in path',
    signOutPath: 'Sign-out path',
    metaPath: 'Metadata path',
    cert: 'Signing certificate',
    certificateInfo: 'Certificate',
    urls: 'What Microsoft 365 is given',
    createdDate: 'Created date',
    lastModifiedDate: 'Last modified',
  },
  helpers: {
    url: 'The address Microsoft 365 reaches the gateway at, such as https://gateway.example.com.',
    cert: 'The certificate Microsoft 365 checks the gateway’s signatures with (PEM).',
  },
  protocols: { saml: 'SAML 2.0', wsFed: 'WS-Federation' },
  urls: {
    passiveSignInUri: 'Sign-in URL',
    signOutUri: 'Sign-out URL',
    metadataExchangeUri: 'Metadata URL',
  },
  validation: {
    url: 'Enter an http:// or https:// address.',
    path: "Start the path with '/'.",
    domain: 'Enter a domain name, such as contoso.com.',
    certificate:
      'Paste the whole certificate, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
  },
  tabs: { federation: 'Federation script' },
  federation: {
    intro:
      'Make the PowerShell that federates a Microsoft 365 domain with this connector, or turns it back to Microsoft 365 passwords. Run it as an administrator of the tenant, with the Microsoft Graph PowerShell SDK.',
    domain: 'Domain',
    domainHelp: 'A domain of your Microsoft 365 tenant, such as contoso.com.',
    action: 'What the script does',
    federate: 'Federate',
    unfederate: 'Unfederate',
    generate: 'Make the script',
    script: 'Federation script',
  },
  delete: {
    title: 'Delete the Office 365 connector %{name}?',
    content:
      'Unfederate its domains first: their users cannot sign in while they point at a connector that is gone.',
  },
  empty: {
    title: 'No Office 365 connector yet',
    body: 'Add one to sign your Microsoft 365 users in through the gateway, with a second factor.',
  },
  notifications: {
    created: 'Office 365 connector created',
    updated: 'Office 365 connector updated',
    deleted: 'Office 365 connector deleted',
  },
};

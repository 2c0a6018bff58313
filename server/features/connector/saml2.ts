import {
  NAME_ID_FORMATS,
  type NameIdFormat,
  type Saml2Defaults,
  type Saml2ProviderType,
} from '../../../contract/saml2.ts';
import { certificateBody } from './certificate.ts';

/**
 * The gateway as the SAML 2.0 identity provider of a connector: its URLs (from the gateway's address and the
 * connector's URL suffix), its metadata (SAML 2.0 metadata, OASIS saml-schema-metadata-2.0), and what a new
 * connector for a known service provider starts from.
 */

export interface IdpUrls {
  entityId: string;
  ssoUrl: string;
  sloUrl: string;
  metadataUrl: string;
  startUrl: string;
  trySignIn: string;
}

export const idpUrlsOf = (origin: string, uname: string): IdpUrls => {
  const base = `${origin}/saml2/${encodeURIComponent(uname)}`;
  return {
    entityId: base,
    ssoUrl: `${base}/sso`,
    sloUrl: `${base}/slo`,
    metadataUrl: `${origin}/api/idm-config/connectors/saml2/xml/${encodeURIComponent(uname)}`,
    startUrl: `${base}/start`,
    trySignIn: `${base}/try`,
  };
};

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );

const BINDINGS = {
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
} as const;

/**
 * The identity provider metadata of one connector: the gateway's signing certificate, single logout and
 * single sign-on over HTTP-Redirect and HTTP-POST, the connector's NameID format, and whether its requests
 * must be signed.
 */
export function idpMetadata(options: {
  urls: IdpUrls;
  certificate: string;
  nameIdFormat: NameIdFormat;
  /** Whether the connector takes only signed requests (it has the service provider's certificate). */
  wantRequestsSigned?: boolean;
}): string {
  const { urls } = options;
  const services = (element: string, location: string) =>
    Object.values(BINDINGS)
      .map((binding) => `    <md:${element} Binding="${binding}" Location="${escapeXml(location)}"/>`)
      .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(urls.entityId)}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="${options.wantRequestsSigned === true}" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo>
        <ds:X509Data>
          <ds:X509Certificate>${certificateBody(options.certificate)}</ds:X509Certificate>
        </ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>
${services('SingleLogoutService', urls.sloUrl)}
    <md:NameIDFormat>${NAME_ID_FORMATS[options.nameIdFormat]}</md:NameIDFormat>
${services('SingleSignOnService', urls.ssoUrl)}
  </md:IDPSSODescriptor>
</md:EntityDescriptor>
`;
}

const COMMON = {
  entityId: '',
  acsUrl: '',
  sendAttribute: 'MAPPED',
  signatureAlgorithm: 'SHA-256',
  signResponse: true,
  signAssertion: true,
} as const;

const EMAIL_AND_NAME = [
  { name: 'email', property: 'email' },
  { name: 'displayName', property: 'displayName' },
] as const;

/**
 * Known service providers: the values their setup guides ask for. Fields a customer's own service provider
 * decides (its entity id and ACS URL, when they depend on its address) start empty.
 */
export const SAML2_DEFAULTS: Record<Saml2ProviderType, Omit<Saml2Defaults, 'type'>> = {
  generic: {
    ...COMMON,
    providerName: '',
    nameIdFormat: 'emailAddress',
    nameIdAttribute: 'email',
    attributeMapping: [...EMAIL_AND_NAME],
  },
  aws: {
    ...COMMON,
    providerName: 'Amazon Web Services',
    entityId: 'urn:amazon:webservices',
    acsUrl: 'https://signin.aws.amazon.com/saml',
    nameIdFormat: 'persistent',
    nameIdAttribute: 'username',
    attributeMapping: [{ name: 'https://aws.amazon.com/SAML/Attributes/RoleSessionName', property: 'email' }],
  },
  gitlab: {
    ...COMMON,
    providerName: 'GitLab',
    nameIdFormat: 'persistent',
    nameIdAttribute: 'username',
    attributeMapping: [
      { name: 'email', property: 'email' },
      { name: 'name', property: 'displayName' },
      { name: 'username', property: 'username' },
    ],
  },
  zoom: {
    ...COMMON,
    providerName: 'Zoom',
    nameIdFormat: 'emailAddress',
    nameIdAttribute: 'email',
    attributeMapping: [
      { name: 'email', property: 'email' },
      { name: 'displayName', property: 'displayName' },
      { name: 'phoneNumber', property: 'mobilePhone' },
    ],
  },
  wordpress: {
    ...COMMON,
    providerName: 'WordPress',
    nameIdFormat: 'emailAddress',
    nameIdAttribute: 'email',
    attributeMapping: [
      { name: 'user_login', property: 'username' },
      { name: 'user_email', property: 'email' },
      { name: 'display_name', property: 'displayName' },
    ],
  },
  assembla: {
    ...COMMON,
    providerName: 'Assembla',
    nameIdFormat: 'emailAddress',
    nameIdAttribute: 'email',
    attributeMapping: [...EMAIL_AND_NAME],
  },
  'ingram-micro': {
    ...COMMON,
    providerName: 'Ingram Micro Cloud',
    nameIdFormat: 'emailAddress',
    nameIdAttribute: 'email',
    attributeMapping: [...EMAIL_AND_NAME],
  },
  // Microsoft 365 (Entra ID) federated with a SAML 2.0 identity provider: the user's ImmutableID as a
  // persistent NameID and the IDPEmail attribute (Microsoft's "Use a SAML 2.0 IdP for single sign-on").
  office365: {
    ...COMMON,
    providerName: 'Microsoft 365',
    entityId: 'urn:federation:MicrosoftOnline',
    acsUrl: 'https://login.microsoftonline.com/login.srf',
    nameIdFormat: 'persistent',
    nameIdAttribute: 'immutableId',
    attributeMapping: [{ name: 'IDPEmail', property: 'email' }],
  },
  'vos-cloud': {
    ...COMMON,
    providerName: 'V-OS Cloud',
    nameIdFormat: 'unspecified',
    nameIdAttribute: 'username',
    attributeMapping: [...EMAIL_AND_NAME],
  },
};

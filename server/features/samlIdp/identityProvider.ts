import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import * as samlify from 'samlify';
import {
  NAME_ID_FORMATS,
  type NameIdFormat,
  type SIGNATURE_ALGORITHMS,
  type UserProperty,
} from '../../../contract/saml2.ts';
import type { SigningKey } from '../connector/gateway.ts';
import { strictXml } from './xml.ts';

/**
 * The gateway as a SAML 2.0 identity provider, with samlify (its XML signatures are xml-crypto's): a
 * service provider's AuthnRequest read and checked (its issuer, where it wants the answer, its signature
 * when it has one), and the signed Response that answers it, the user's or a refusal.
 */

const NS = {
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
  dsig: 'http://www.w3.org/2000/09/xmldsig#',
};
const BINDING = samlify.Constants.namespace.binding;
/**
 * samlify is CommonJS: Node's ESM import finds some of its exports (SamlLib) only on the module's object
 * (the default export), while tsx and Vitest find them by name too.
 */
const { SamlLib } = (samlify as unknown as { default?: typeof samlify }).default ?? samlify;

/** The requests the gateway takes from service providers. */
const REQUESTS = new Set(['AuthnRequest', 'LogoutRequest']);

/**
 * The shape every request must have before samlify reads it (samlify's schema validator): one
 * AuthnRequest or LogoutRequest of SAML 2.0's protocol at the root, one Issuer and at most one Signature,
 * both its own children, and no document type (no entities). A second Issuer or Signature elsewhere is how
 * signature wrapping hides what was signed: refused.
 */
function checkShape(xml: string): Promise<string> {
  const document = strictXml(xml);
  const root = document?.documentElement;
  if (!document || !root || root.namespaceURI !== NS.protocol || !REQUESTS.has(root.localName ?? '')) {
    return Promise.reject(new Error('ERR_NOT_A_REQUEST'));
  }
  const only = (namespace: string, name: string, most: number) => {
    const found = document.getElementsByTagNameNS(namespace, name);
    if (found.length > most) return false;
    for (let i = 0; i < found.length; i += 1) if (found.item(i)?.parentNode !== root) return false;
    return true;
  };
  const issuers = document.getElementsByTagNameNS(NS.assertion, 'Issuer').length;
  if (
    issuers !== 1 ||
    !only(NS.assertion, 'Issuer', 1) ||
    !only(NS.dsig, 'Signature', 1) ||
    document.getElementsByTagNameNS(NS.protocol, root.localName!).length !== 1
  ) {
    return Promise.reject(new Error('ERR_REQUEST_SHAPE'));
  }
  return Promise.resolve('ok');
}

samlify.setSchemaValidator({ validate: checkShape });

/** The signature algorithms a connector may choose, as XML Signature names them. */
const ALGORITHMS: Record<(typeof SIGNATURE_ALGORITHMS)[number], string> = {
  'SHA-256': samlify.Constants.algorithms.signature.RSA_SHA256,
  'SHA-512': samlify.Constants.algorithms.signature.RSA_SHA512,
  'SHA-1': samlify.Constants.algorithms.signature.RSA_SHA1,
};

/** The gateway as the identity provider of one connector. */
export interface IdentityProviderOf {
  entityId: string;
  ssoUrl: string;
  key: SigningKey;
  nameIdFormat: string;
  signatureAlgorithm: (typeof SIGNATURE_ALGORITHMS)[number];
}

/** A service provider as its connector describes it. */
export interface ServiceProviderOf {
  entityId: string;
  acsUrl: string;
  /** Its certificate (PEM), which checks the requests it signs; '' when it has none. */
  certificate: string;
  signResponse: boolean;
  signAssertion: boolean;
  /** Where it takes the answer to its logout requests (HTTP-Redirect); '' when it has none. */
  logoutUrl: string;
}

const identityProvider = (idp: IdentityProviderOf, wantSigned: boolean) =>
  samlify.IdentityProvider({
    entityID: idp.entityId,
    signingCert: idp.key.certificate,
    privateKey: idp.key.privateKey,
    wantAuthnRequestsSigned: wantSigned,
    wantLogoutRequestSigned: wantSigned,
    requestSignatureAlgorithm: ALGORITHMS[idp.signatureAlgorithm],
    nameIDFormat: [idp.nameIdFormat],
    singleSignOnService: [
      { Binding: BINDING.redirect, Location: idp.ssoUrl },
      { Binding: BINDING.post, Location: idp.ssoUrl },
    ],
  });

const serviceProvider = (sp: ServiceProviderOf, signs: { assertion: boolean; response: boolean }) =>
  samlify.ServiceProvider({
    entityID: sp.entityId,
    assertionConsumerService: [{ Binding: BINDING.post, Location: sp.acsUrl }],
    ...(sp.logoutUrl ? { singleLogoutService: [{ Binding: BINDING.redirect, Location: sp.logoutUrl }] } : {}),
    wantAssertionsSigned: signs.assertion,
    wantMessageSigned: signs.response,
    wantLogoutResponseSigned: true,
    ...(sp.certificate ? { signingCert: sp.certificate } : {}),
  });

/** A request as the SSO address got it: by HTTP-Redirect (its query, and the query string as sent) or HTTP-POST. */
export type BoundRequest =
  | { binding: 'redirect'; query: Record<string, string>; rawQuery: string }
  | { binding: 'post'; body: Record<string, string> };

/** What the gateway keeps of a checked request to answer it. */
export interface CheckedRequest {
  requestId: string;
  relayState: string | null;
}

/** Why a request is refused (the error page names it; the service provider's administrator reads it). */
export type RequestRefusal =
  | 'malformed_request'
  | 'unknown_issuer'
  | 'foreign_acs'
  | 'unsigned_certificate_missing'
  | 'unsigned_request'
  | 'bad_signature';

/**
 * The redirect binding's signed octets (SAML bindings §3.4.4.1): SAMLRequest, RelayState and SigAlg as the
 * query carried them (still URL-encoded), in that order.
 */
function signedOctets(rawQuery: string): string {
  const parts = new Map<string, string>();
  for (const part of rawQuery.split('&')) {
    const [name = '', ...value] = part.split('=');
    if (!parts.has(name)) parts.set(name, value.join('='));
  }
  return ['SAMLRequest', 'RelayState', 'SigAlg']
    .filter((name) => parts.has(name))
    .map((name) => `${name}=${parts.get(name)}`)
    .join('&');
}

/**
 * Whether a request is signed: by HTTP-Redirect, a Signature in the query; by HTTP-POST, an XML Signature
 * element the request's root holds (where checkShape allows one).
 */
const isSigned = (request: BoundRequest): boolean => {
  if (request.binding === 'redirect') return typeof request.query.Signature === 'string';
  const root = strictXml(
    Buffer.from(request.body.SAMLRequest ?? '', 'base64').toString('utf8'),
  )?.documentElement;
  const children = root?.childNodes;
  for (let i = 0; children && i < children.length; i += 1) {
    const child = children.item(i) as Element | null;
    if (child?.nodeType === 1 && child.namespaceURI === NS.dsig && child.localName === 'Signature')
      return true;
  }
  return false;
};

/** The most bytes of a request once inflated. */
const REQUEST_MOST = 64 * 1024;

/**
 * An HTTP-POST request's SAMLRequest as samlify reads it (base64 XML). The binding says not to deflate it,
 * but some service provider libraries do (node-saml by default): taken inflated, as other identity
 * providers take it. Undefined when it is neither.
 */
function inflatedPost(encoded: string): string | undefined {
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.toString('utf8').trimStart().startsWith('<')) return encoded;
  try {
    return inflateRawSync(bytes, { maxOutputLength: REQUEST_MOST }).toString('base64');
  } catch {
    return undefined;
  }
}

/** What a request says once samlify read it. */
type Extracted = Record<string, unknown> & {
  request?: { id?: unknown; assertionConsumerServiceUrl?: unknown };
};

/**
 * A request read by samlify (AuthnRequest or LogoutRequest): its signature checked when it is signed
 * (against the connector's certificate), then its issuer (the connector's entity id).
 */
async function parsed(
  idp: IdentityProviderOf,
  sp: ServiceProviderOf,
  request: BoundRequest,
  kind: 'login' | 'logout',
): Promise<Extracted | RequestRefusal> {
  const encoded = request.binding === 'redirect' ? request.query.SAMLRequest : request.body.SAMLRequest;
  if (typeof encoded !== 'string' || encoded === '' || encoded.length > REQUEST_MOST)
    return 'malformed_request';
  let bound = request;
  // samlify inflates a redirect's request without a limit: it is inflated here first, within REQUEST_MOST.
  if (bound.binding === 'redirect' && inflatedPost(encoded) === undefined) return 'malformed_request';
  if (bound.binding === 'post') {
    const inflated = inflatedPost(encoded);
    if (inflated === undefined) return 'malformed_request';
    bound = { binding: 'post', body: { ...bound.body, SAMLRequest: inflated } };
  }
  const signed = isSigned(bound);
  if (signed && !sp.certificate) return 'unsigned_certificate_missing';
  // A connector with the service provider's certificate takes only requests it signed (its metadata says so).
  if (!signed && sp.certificate) return 'unsigned_request';
  const entity = identityProvider(idp, signed);
  const from = serviceProvider(sp, { assertion: true, response: true });
  const envelope =
    bound.binding === 'redirect'
      ? { query: bound.query, octetString: signedOctets(bound.rawQuery) }
      : { body: bound.body };
  let extract: Extracted;
  try {
    const result =
      kind === 'login'
        ? await entity.parseLoginRequest(from, bound.binding, envelope)
        : await entity.parseLogoutRequest(from, bound.binding, envelope);
    extract = result.extract as Extracted;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    return /signature|sig_alg|verify/i.test(message) ? 'bad_signature' : 'malformed_request';
  }
  if (typeof extract.request?.id !== 'string' || extract.request.id === '') return 'malformed_request';
  if (extract.issuer !== sp.entityId) return 'unknown_issuer';
  return extract;
}

const relayStateOf = (request: BoundRequest): string | null => {
  const relayState = request.binding === 'redirect' ? request.query.RelayState : request.body.RelayState;
  return typeof relayState === 'string' && relayState !== '' ? relayState.slice(0, 2048) : null;
};

/**
 * A service provider's AuthnRequest, checked: its shape, its issuer (the connector's entity id), the
 * address it wants the answer at (none, or the connector's), and its signature when it is signed (against
 * the connector's certificate). Answers what the response needs, or why it is refused.
 */
export async function checkRequest(
  idp: IdentityProviderOf,
  sp: ServiceProviderOf,
  request: BoundRequest,
): Promise<CheckedRequest | RequestRefusal> {
  const extract = await parsed(idp, sp, request, 'login');
  if (typeof extract === 'string') return extract;
  // A RelayState is the service provider's opaque text, kept and sent back: never a NUL (no database or
  // XML text holds one).
  if (relayStateOf(request)?.includes('\u0000')) return 'malformed_request';
  const acs = extract.request?.assertionConsumerServiceUrl;
  if (acs !== undefined && acs !== '' && acs !== sp.acsUrl) return 'foreign_acs';
  return { requestId: extract.request!.id as string, relayState: relayStateOf(request) };
}

/**
 * A service provider's LogoutRequest (single logout), checked as an AuthnRequest is, answered with a
 * LogoutResponse of success, signed, sent by HTTP-Redirect to the connector's logout URL: the gateway
 * keeps no session of its own (every sign-in is decided again), so there is nothing else to end. Answers
 * where the browser goes, or null when the connector has no logout URL, or why it is refused.
 */
export async function logoutAnswer(
  idp: IdentityProviderOf,
  sp: ServiceProviderOf,
  request: BoundRequest,
): Promise<{ location: string | null } | RequestRefusal> {
  const extract = await parsed(idp, sp, request, 'logout');
  if (typeof extract === 'string') return extract;
  if (!sp.logoutUrl) return { location: null };
  const relayState = relayStateOf(request);
  const { context } = identityProvider(idp, false).createLogoutResponse(
    serviceProvider(sp, { assertion: false, response: true }),
    { extract: extract as never },
    'redirect',
    relayState ? { relayState } : {},
  );
  return { location: context };
}

/** A new id of a SAML message (an xsd:ID: it must not begin with a digit). */
export const samlId = () => `_${randomBytes(20).toString('hex')}`;

/** How long an assertion may be used after it is made (NotOnOrAfter), in minutes. */
export const ASSERTION_MINUTES = 5;

/** The user as an assertion carries it: a NameID and attributes, each value a text. */
export interface AssertedUser {
  nameIdFormat: NameIdFormat | 'persistent';
  nameId: string;
  attributes: { name: string; value: string }[];
  /** When the user proved who they are, and with which methods (pwd, otp, mfa). */
  authTime: number;
  amr: string[];
  /** The authentication context class to name when the second factor was proved (else PasswordProtectedTransport). */
  secondFactorContext: string;
}

const PASSWORD_CONTEXT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';
/** The second factor on a phone (the app's approval or its code) or an OTP token (SAML authn context). */
export const MOBILE_TWO_FACTOR_CONTEXT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract';

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );

/** The response's template: samlify fills its {tags} with escaped values (SamlLib.replaceTagsByValue). */
function responseTemplate(body: string): string {
  return `<samlp:Response xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}"><saml:Issuer>{Issuer}</saml:Issuer>${body}</samlp:Response>`;
}

function assertionBody(user: AssertedUser): string {
  const attributes = user.attributes
    .map(
      ({ name }, index) =>
        `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">{Attribute${index}}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  const context = user.amr.some((method) => method !== 'pwd') ? user.secondFactorContext : PASSWORD_CONTEXT;
  return `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status><saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="{AssertionID}" Version="2.0" IssueInstant="{IssueInstant}"><saml:Issuer>{Issuer}</saml:Issuer><saml:Subject><saml:NameID Format="{NameIDFormat}">{NameID}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="{NotOnOrAfter}" Recipient="{Destination}" InResponseTo="{InResponseTo}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="{NotBefore}" NotOnOrAfter="{NotOnOrAfter}"><saml:AudienceRestriction><saml:Audience>{Audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="{AuthnInstant}" SessionIndex="{SessionIndex}"><saml:AuthnContext><saml:AuthnContextClassRef>${escapeXml(context)}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>${attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : ''}</saml:Assertion>`;
}

const REFUSED_BODY =
  '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:RequestDenied"/></samlp:StatusCode><samlp:StatusMessage>{StatusMessage}</samlp:StatusMessage></samlp:Status>';

/**
 * The signed Response for the service provider's assertion consumer service (HTTP-POST binding, base64):
 * the user's assertion (signed as the connector says: the assertion, the response, or both; never
 * neither), or a refusal (Responder, RequestDenied: the response signed).
 */
export async function signedResponse(options: {
  idp: IdentityProviderOf;
  sp: ServiceProviderOf;
  /** The request answered; null for a sign-in the gateway started (IdP-initiated). */
  inResponseTo: string | null;
  now: Date;
  outcome: { user: AssertedUser } | { refused: string };
}): Promise<string> {
  const { idp, sp, now, outcome } = options;
  const refused = 'refused' in outcome;
  const signs = refused
    ? { assertion: false, response: true }
    : { assertion: sp.signAssertion, response: sp.signResponse || !sp.signAssertion };
  const values: Record<string, string | null> = {
    ID: samlId(),
    IssueInstant: now.toISOString(),
    Destination: sp.acsUrl,
    InResponseTo: options.inResponseTo,
    Issuer: idp.entityId,
  };
  let body = REFUSED_BODY;
  if ('refused' in outcome) {
    values.StatusMessage = outcome.refused;
  } else {
    const { user } = outcome;
    body = assertionBody(user);
    Object.assign(values, {
      AssertionID: samlId(),
      NameIDFormat: NAME_ID_FORMATS[user.nameIdFormat],
      NameID: user.nameId,
      NotBefore: now.toISOString(),
      NotOnOrAfter: new Date(now.getTime() + ASSERTION_MINUTES * 60_000).toISOString(),
      Audience: sp.entityId,
      AuthnInstant: new Date(user.authTime * 1000).toISOString(),
      SessionIndex: samlId(),
    });
    user.attributes.forEach(({ value }, index) => {
      values[`Attribute${index}`] = value;
    });
  }
  const xml = SamlLib.replaceTagsByValue(responseTemplate(body), values);
  const { context } = await identityProvider(idp, false).createLoginResponse(
    serviceProvider(sp, signs),
    { extract: {} },
    'post',
    {},
    { customTagReplacement: () => ({ id: values.ID!, context: xml }) },
  );
  return context;
}

/**
 * Whether a Response (XML) carries a signature, of the Response or of its Assertion, that verifies with the
 * gateway's certificate for the connector (samlify's check, which also refuses signature wrapping).
 */
export function signedByGateway(idp: IdentityProviderOf, xml: string): boolean {
  try {
    const [verified] = SamlLib.verifySignature(xml, {
      metadata: identityProvider(idp, false).entityMeta,
      signatureAlgorithm: ALGORITHMS[idp.signatureAlgorithm],
    });
    return verified === true;
  } catch {
    return false;
  }
}

/** A user's property as a text for an assertion ('' when the user has none). */
export type UserProperties = Record<UserProperty, string>;

import { strictXml } from './xml.ts';

/**
 * What a SAML Response says, name by name, for the connector page's Try sign-in (the gateway's own test
 * ACS shows it): its status, the NameID and its format, the audience, the authentication context and each
 * attribute, beside the request it answers (InResponseTo). Undefined when it is not a SAML 2.0 Response (or
 * declares a document type).
 */

const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

export function responseRows(xml: string): { inResponseTo: string; rows: [string, string][] } | undefined {
  const document = strictXml(xml);
  if (!document) return undefined;
  const root = document?.documentElement;
  if (!root || root.namespaceURI !== PROTOCOL || root.localName !== 'Response') return undefined;
  const first = (namespace: string, name: string) => document.getElementsByTagNameNS(namespace, name).item(0);
  const rows: [string, string][] = [];
  const codes = document.getElementsByTagNameNS(PROTOCOL, 'StatusCode');
  const status = Array.from({ length: codes.length }, (_, i) => codes.item(i)?.getAttribute('Value') ?? '')
    .map((value) => value.split(':').pop())
    .join(' / ');
  rows.push(['Status', status]);
  const message = first(PROTOCOL, 'StatusMessage')?.textContent;
  if (message) rows.push(['StatusMessage', message]);
  const nameId = first(ASSERTION, 'NameID');
  if (nameId) {
    rows.push(['NameID', nameId.textContent ?? '']);
    rows.push(['NameID Format', nameId.getAttribute('Format') ?? '']);
  }
  const audience = first(ASSERTION, 'Audience')?.textContent;
  if (audience) rows.push(['Audience', audience]);
  const context = first(ASSERTION, 'AuthnContextClassRef')?.textContent;
  if (context) rows.push(['AuthnContextClassRef', context]);
  const attributes = document.getElementsByTagNameNS(ASSERTION, 'Attribute');
  for (let i = 0; i < attributes.length; i += 1) {
    const attribute = attributes.item(i)!;
    const values = attribute.getElementsByTagNameNS(ASSERTION, 'AttributeValue');
    const texts = Array.from({ length: values.length }, (_, j) => values.item(j)?.textContent ?? '');
    rows.push([attribute.getAttribute('Name') ?? '', texts.join(', ')]);
  }
  return { inResponseTo: root.getAttribute('InResponseTo') ?? '', rows };
}

import type { Validator } from 'react-admin';
import { isDomainName } from '../../../contract/connector';
import { isHttpUrl } from '../../../contract/rules';
import { SAML_PROTOCOLS, type SamlRecord } from '../../../contract/saml';

export type Saml = SamlRecord;

export const PROTOCOL_CHOICES = SAML_PROTOCOLS.map((id) => ({ id, name: `resources.saml.protocols.${id}` }));

export const validUrl: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() && !isHttpUrl(value.trim())
    ? 'resources.saml.validation.url'
    : undefined;

export const validPath: Validator = (value: unknown) =>
  typeof value === 'string' && value && !value.startsWith('/') ? 'resources.saml.validation.path' : undefined;

export const validDomain: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() && !isDomainName(value.trim())
    ? 'resources.saml.validation.domain'
    : undefined;

export const validCertificate: Validator = (value: unknown) =>
  typeof value === 'string' &&
  value.trim() &&
  !/^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(value.trim())
    ? 'resources.saml.validation.certificate'
    : undefined;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const toSamlBody = (values: Record<string, unknown>) => ({
  name: text(values.name),
  url: text(values.url),
  protocol: values.protocol,
  signInPath: text(values.signInPath),
  signOutPath: text(values.signOutPath),
  metaPath: text(values.metaPath),
  cert: text(values.cert),
});

import type { Validator } from 'react-admin';
import { SAML_PROTOCOLS, type SamlRecord } from '../../../contract/saml';
import { validDomainName, validHttpUrl, validPemCertificate } from '../../components/validators';

export type Saml = SamlRecord;

export const PROTOCOL_CHOICES = SAML_PROTOCOLS.map((id) => ({ id, name: `resources.saml.protocols.${id}` }));

export const validUrl = validHttpUrl('resources.saml.validation.url');

export const validPath: Validator = (value: unknown) =>
  typeof value === 'string' && value && !value.startsWith('/') ? 'resources.saml.validation.path' : undefined;

export const validDomain = validDomainName('resources.saml.validation.domain');

export const validCertificate = validPemCertificate('resources.saml.validation.certificate');

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

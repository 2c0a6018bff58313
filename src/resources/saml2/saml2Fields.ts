import type { Validator } from 'react-admin';
import {
  isUname,
  NAME_ID_FORMAT_NAMES,
  NEW_SAML2_SETTINGS,
  SAML2_PROVIDER_TYPES,
  type Saml2Record,
  SEND_ATTRIBUTES,
  SIGNATURE_ALGORITHMS,
  USER_PROPERTIES,
} from '../../../contract/saml2';
import { validDomainName, validHttpUrl, validPemCertificate } from '../../components/validators';

export type Saml2 = Saml2Record;

const choices = (names: readonly string[], prefix: string) =>
  names.map((id) => ({ id, name: `resources.saml2.${prefix}.${id}` }));

export const NAME_ID_FORMAT_CHOICES = choices(NAME_ID_FORMAT_NAMES, 'nameIdFormats');
export const PROPERTY_CHOICES = choices(USER_PROPERTIES, 'properties');
export const SEND_ATTRIBUTE_CHOICES = choices(SEND_ATTRIBUTES, 'sendAttributes');
export const PROVIDER_CHOICES = choices(SAML2_PROVIDER_TYPES, 'providers');
export const SIGNATURE_CHOICES = SIGNATURE_ALGORITHMS.map((id) => ({ id, name: id }));

/** What a new connector starts from before a service provider is chosen. */
export const NEW_SAML2 = { uname: '', providerName: '', entityId: '', acsUrl: '', ...NEW_SAML2_SETTINGS };

export const validUname: Validator = (value: unknown) =>
  typeof value === 'string' && value && !isUname(value) ? 'resources.saml2.validation.uname' : undefined;

export const validUrl = validHttpUrl('resources.saml2.validation.url');

export const validDomain = validDomainName('resources.saml2.validation.domain');

/** A first look at a pasted certificate (the server reads it as X.509). */
export const validCertificate = validPemCertificate('resources.saml2.validation.certificate');

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The form's values as the server takes them (only its fields; empty optional texts as ''). */
export const toSaml2Body = (values: Record<string, unknown>) => ({
  uname: text(values.uname),
  providerName: text(values.providerName),
  domainName: text(values.domainName),
  entityId: text(values.entityId),
  acsUrl: text(values.acsUrl),
  logoutUrl: text(values.logoutUrl),
  loginUrl: text(values.loginUrl),
  defaultRelayState: typeof values.defaultRelayState === 'string' ? values.defaultRelayState : '',
  certificate: text(values.certificate),
  nameIdFormat: values.nameIdFormat,
  nameIdAttribute: values.nameIdAttribute,
  sendAttribute: values.sendAttribute,
  signatureAlgorithm: values.signatureAlgorithm,
  signResponse: values.signResponse === true,
  signAssertion: values.signAssertion === true,
  attributeMapping: ((values.attributeMapping as { name?: string; property?: string }[] | null) ?? []).map(
    (row) => ({ name: text(row?.name), property: row?.property }),
  ),
  createdAttributes: ((values.createdAttributes as { name?: string; value?: string }[] | null) ?? []).map(
    (row) => ({ name: text(row?.name), value: row?.value ?? '' }),
  ),
});

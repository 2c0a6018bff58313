import type { Identifier } from 'react-admin';

/** A service template as the server answers it (spec 02 §3). */
export interface ServiceTemplate {
  id: Identifier;
  uname: string;
  templateName: string;
  shortDescription: string;
  description: string;
  status: 'PUBLISHED' | 'UNPUBLISHED';
  protocol: Protocol;
  connectorIds: number[];
  iconUrl: string | null;
  createdDate: string;
  modifiedDate: string;
}

export const PROTOCOLS = ['RADIUS', 'SAML', 'SAML2', 'OIDC', 'HTTPS', 'LDAP'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

export const STATUSES = ['PUBLISHED', 'UNPUBLISHED'] as const;

/** Connector type ids (spec 02 §3): 1 ldap, 2 radius, 3 saml, 4 oidc, 5 saml2, 7 https. */
export const CONNECTOR_TYPES = [
  { id: 1, key: 'ldap' },
  { id: 2, key: 'radius' },
  { id: 3, key: 'saml' },
  { id: 4, key: 'oidc' },
  { id: 5, key: 'saml2' },
  { id: 7, key: 'https' },
] as const;

const T = 'resources.service-template';

export const protocolChoices = PROTOCOLS.map((id) => ({ id, name: `${T}.protocols.${id}` }));
export const statusChoices = STATUSES.map((id) => ({ id, name: `portal.status.${id}` }));
export const connectorChoices = CONNECTOR_TYPES.map(({ id, key }) => ({
  id,
  name: `${T}.connectorTypes.${key}`,
}));

/** The catalogue key of a connector type id ('' for an id the spec does not know). */
export const connectorTypeKey = (id: number): string => {
  const type = CONNECTOR_TYPES.find((candidate) => candidate.id === id);
  return type ? `${T}.connectorTypes.${type.key}` : '';
};

/** Limits of the form; the server checks the same. */
export const LIMITS = {
  uname: 100,
  templateName: 200,
  shortDescription: 300,
  description: 5000,
  /** Spec 02 §9: upload size limit. */
  iconBytes: 2_000_000,
} as const;

/** Lower-case letters and digits, words joined by single hyphens: what the slug helper makes. */
export const UNAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

import type { Identifier } from 'react-admin';
import { UPLOAD_MAX_BYTES } from '../../../contract/rules';
import {
  CONNECTOR_TYPES,
  TEMPLATE_LIMITS,
  TEMPLATE_PROTOCOLS,
  TEMPLATE_STATUSES,
  type TemplateProtocol,
} from '../../../contract/serviceTemplate';

export { CONNECTOR_TYPES };

/** A service template as the server answers it (docs/requirements/billing-services-entities.md). */
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

export const PROTOCOLS = TEMPLATE_PROTOCOLS;
export type Protocol = TemplateProtocol;

export const STATUSES = TEMPLATE_STATUSES;

const T = 'resources.service-template';

export const protocolChoices = PROTOCOLS.map((id) => ({ id, name: `portal.protocols.${id}` }));
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

/** Limits of the form (the contract's, which the server checks). */
export const LIMITS = {
  ...TEMPLATE_LIMITS,
  /** docs/requirements/constants-and-limits.md: upload size limit. */
  iconBytes: UPLOAD_MAX_BYTES,
} as const;

/** Lower-case letters and digits, words joined by single hyphens: what the slug helper makes. */
export { SLUG_PATTERN as UNAME_PATTERN } from '../../../contract/rules';

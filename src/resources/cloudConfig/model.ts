import type { Identifier } from 'react-admin';
import {
  CLOUD_CONFIG_LIMITS,
  CLOUD_CONFIG_STATUSES,
  CLOUD_CONFIG_URL_FIELDS,
  HTTP_AUTH_MODES,
  type HttpAuthMode,
} from '../../../contract/cloudConfig';

export { HTTP_AUTH_MODES, type HttpAuthMode };

/** A cloud authentication server setting (docs/requirements/portal-entities.md). Exactly one is ACTIVE at a time. */
export interface CloudConfig {
  id: Identifier;
  cloudUrl: string;
  companyId: string;
  /** The password is write-only: the server only says whether one is stored. */
  companyPasswordSet: boolean;
  httpAuthMode: HttpAuthMode;
  pushPassType: string;
  /** 0 plain, 1 encrypted. */
  notifyMessageFlag: 0 | 1;
  messageFlag: 0 | 1;
  callbackUrl: string;
  certificate: string;
  gatewayUrl: string;
  provisioningUrl: string;
  smartTokenUrl: string;
  pkiServerUrl: string;
  status: 'ACTIVE' | 'INACTIVE';
  createdDate: string;
  modifiedDate: string;
}

const T = 'resources.vos-cloud-config';

export const httpAuthModeChoices = HTTP_AUTH_MODES.map((id) => ({ id, name: `${T}.httpAuthModes.${id}` }));
export const notifyMessageFlagChoices = [
  { id: 0, name: `${T}.notifyMessageFlags.plain` },
  { id: 1, name: `${T}.notifyMessageFlags.encrypted` },
];
export const messageFlagChoices = [
  { id: 0, name: `${T}.messageFlags.off` },
  { id: 1, name: `${T}.messageFlags.on` },
];
export const statusChoices = CLOUD_CONFIG_STATUSES.map((id) => ({ id, name: `portal.status.${id}` }));

/** The URL fields, all http(s) URLs of at most 2048 characters; cloudUrl is required. */
export const URL_FIELDS = CLOUD_CONFIG_URL_FIELDS;
export const URL_MAX = CLOUD_CONFIG_LIMITS.url;

/** The other limits of the form (the contract's, which the server checks). */
export const CONFIG_LIMITS = CLOUD_CONFIG_LIMITS;

/** The text fields a create or an update sends (empty ones as ''). */
const TEXT_FIELDS = [
  'cloudUrl',
  'companyId',
  'pushPassType',
  'callbackUrl',
  'certificate',
  'gatewayUrl',
  'provisioningUrl',
  'smartTokenUrl',
  'pkiServerUrl',
] as const;
const CHOICE_FIELDS = ['httpAuthMode', 'notifyMessageFlag', 'messageFlag'] as const;

/**
 * The form's values as the server's contract has them: the editable fields only (not id, status, the
 * password flag or dates), empty texts as ''; the company password only when one was typed, so that an
 * empty one keeps the stored password.
 */
export const toConfigPayload = (values: Record<string, unknown>): Record<string, unknown> => {
  const payload: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) payload[field] = values[field] ?? '';
  for (const field of CHOICE_FIELDS) if (values[field] != null) payload[field] = values[field];
  const password = values.companyPassword;
  if (typeof password === 'string' && password !== '') payload.companyPassword = password;
  return payload;
};

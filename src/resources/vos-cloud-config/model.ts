import type { Identifier } from 'react-admin';

/** A cloud authentication server setting (spec 01 §3). Exactly one is ACTIVE at a time. */
export interface VosCloudConfig {
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

export const HTTP_AUTH_MODES = ['DIGEST', 'BASIC', 'CLIENT_CERTIFICATE'] as const;
export type HttpAuthMode = (typeof HTTP_AUTH_MODES)[number];

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
export const statusChoices = ['ACTIVE', 'INACTIVE'].map((id) => ({ id, name: `portal.status.${id}` }));

/** The URL fields, all http(s) URLs of at most 2048 characters; cloudUrl is required. */
export const URL_FIELDS = [
  'callbackUrl',
  'gatewayUrl',
  'provisioningUrl',
  'smartTokenUrl',
  'pkiServerUrl',
] as const;
export const URL_MAX = 2048;

/** The other limits of the form; the server checks the same. */
export const CONFIG_LIMITS = {
  companyId: 200,
  companyPassword: 1024,
  pushPassType: 100,
  certificate: 20_000,
} as const;

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

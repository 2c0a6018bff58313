import { maxLength, type Validator } from 'react-admin';
import { isIpAddress } from '../../../contract/connector';
import { RADIUS_LIMITS, type RadiusRecord } from '../../../contract/radius';

export type Radius = RadiusRecord;

export const validIp: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() && !isIpAddress(value.trim())
    ? 'resources.radius.validation.ipAddress'
    : undefined;

export const NAME_LENGTH = maxLength(RADIUS_LIMITS.name);

/** The shared secret's dialog: shown once, after a create or a regeneration. */
export const SECRET_TEXTS = {
  title: 'resources.radius.secret.title',
  body: 'resources.radius.secret.body',
  label: 'resources.radius.fields.sharedSecret',
};

/** The form's fields, as the server takes them. */
export const toRadiusBody = ({ name, ipAddress }: Record<string, unknown>) => ({
  name: typeof name === 'string' ? name.trim() : name,
  ipAddress: typeof ipAddress === 'string' ? ipAddress.trim() : ipAddress,
});

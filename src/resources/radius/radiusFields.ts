import { maxLength, type Validator } from 'react-admin';
import { isIpAddress } from '../../../contract/connector';
import {
  DEFAULT_RADIUS_MODE,
  RADIUS_LIMITS,
  RADIUS_MODES,
  type RadiusRecord,
} from '../../../contract/radius';

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

/** How the second factor is asked, as the form offers it. */
export const MODE_CHOICES = RADIUS_MODES.map((mode) => ({
  id: mode,
  name: `resources.radius.modes.${mode}`,
}));
export { DEFAULT_RADIUS_MODE };

/** The form's fields, as the server takes them. */
export const toRadiusBody = ({ name, ipAddress, mode }: Record<string, unknown>) => ({
  name: typeof name === 'string' ? name.trim() : name,
  ipAddress: typeof ipAddress === 'string' ? ipAddress.trim() : ipAddress,
  mode: mode ?? DEFAULT_RADIUS_MODE,
});

import type { RaRecord } from 'react-admin';
import { ACCOUNT_LIMITS, ACCOUNT_STATUSES } from '../../../contract/account';
import { isImageUrl as isPictureUrl } from '../../../contract/rules';
import { SCOPE, useSession } from '../../session';

export type RoleScope = 'provider' | 'customer';

/** A role an account can hold (GET /account/role/all?scope=…). */
export interface AssignableRole {
  id: string;
  name: string;
  displayName: string;
  scope: RoleScope;
}

/** An administrator account as the server answers it (docs/requirements/portal-entities.md Administrator account). */
export interface Account extends RaRecord {
  email: string;
  firstName: string;
  lastName: string;
  mobilePhone: string;
  organization: string | null;
  address: string | null;
  contactNumber: string | null;
  otherInfo: string | null;
  avatar: string | null;
  enable2fa: boolean;
  status: 'ACTIVE' | 'INACTIVE';
  customerId: string | null;
  customerName: string | null;
  isCustomerRoot: boolean;
  roleIds: string[];
  roles: AssignableRole[];
  createdDate: string;
}

export const STATUS_CHOICES = ACCOUNT_STATUSES.map((id) => ({ id, name: `portal.status.${id}` }));

/**
 * Whose accounts the screens manage: in customer scope (a customer admin, or an operator inside a customer)
 * the session's customer, with customer roles; in provider scope the provider's own, with provider roles.
 */
export const useAccountScope = (): { customerId: string | null; roleScope: RoleScope } => {
  const session = useSession();
  const customerId = session?.currentScope === SCOPE.CUSTOMER ? (session.customerId ?? null) : null;
  return { customerId, roleScope: customerId ? 'customer' : 'provider' };
};

/** An avatar is an https address or an inline image (the contract's rule). */
export const isImageUrl = isPictureUrl;

/** The bounds of the fields (the contract's). */
export const LIMITS = ACCOUNT_LIMITS;

const REQUIRED = ['email', 'firstName', 'lastName', 'mobilePhone'] as const;
const OPTIONAL = ['organization', 'address', 'contactNumber', 'otherInfo', 'avatar'] as const;

type Values = Partial<Record<string, unknown>>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const roleIdsOf = (values: Values) =>
  Array.isArray(values.roleIds) ? values.roleIds.filter((id): id is string => typeof id === 'string') : [];

/** The fields an account is edited with; empty optional fields are null. */
const profileOf = (values: Values) => ({
  email: text(values.email),
  roleIds: roleIdsOf(values),
  firstName: text(values.firstName),
  lastName: text(values.lastName),
  mobilePhone: text(values.mobilePhone),
  ...Object.fromEntries(OPTIONAL.map((field) => [field, text(values[field]) || null])),
  enable2fa: values.enable2fa === true,
});

/** PUT /account/:id: what the form edits (the status has its own actions, the customer never changes). */
export const toUpdateBody = (values: Values) => profileOf(values);

/**
 * POST /account/create_account_organization: the required fields, the optional ones when filled, and
 * the customer in customer scope.
 */
export const toCreateBody = (values: Values, customerId: string | null) => {
  const body: Record<string, unknown> = {
    ...Object.fromEntries(REQUIRED.map((field) => [field, text(values[field])])),
    roleIds: roleIdsOf(values),
    enable2fa: values.enable2fa === true,
  };
  for (const field of OPTIONAL) if (text(values[field])) body[field] = text(values[field]);
  if (customerId) body.customerId = customerId;
  return body;
};

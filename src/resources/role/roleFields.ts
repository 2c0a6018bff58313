import type { RaRecord } from 'react-admin';
import { ROLE_LIMITS, ROLE_NAME_PATTERN, ROLE_SCOPES, type RoleScope } from '../../../contract/role';

export type { RoleScope };

/** A role as the server answers it (docs/requirements/portal-entities.md Role). */
export interface Role extends RaRecord {
  name: string;
  displayName: string;
  description: string;
  scope: RoleScope;
  customerId: null;
  /** Part of the product: it cannot be renamed or deleted. */
  builtIn: boolean;
  accountCount: number;
}

/** Why the server would refuse to delete the role, if it would (a catalogue key). */
export const deleteRefusalOf = (role: Pick<Role, 'builtIn' | 'accountCount'>): string | undefined => {
  if (role.builtIn) return 'resources.role.refusals.builtIn';
  if (role.accountCount > 0) return 'resources.role.refusals.inUse';
  return undefined;
};

/** A row of GET /account/account_role?roleId=…: one account holding the role. */
export interface AccountOfRole extends RaRecord {
  roleId: string;
  accountId: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
  customerName: string | null;
}

export const SCOPE_CHOICES = ROLE_SCOPES.map((id) => ({ id, name: `resources.role.scopes.${id}` }));

/** The bounds and the name rule (the contract's). */
export const NAME_MAX = ROLE_LIMITS.name;
export const DISPLAY_NAME_MAX = ROLE_LIMITS.displayName;
export const DESCRIPTION_MAX = ROLE_LIMITS.description;
export const NAME_PATTERN = ROLE_NAME_PATTERN;

type Values = Partial<Record<string, unknown>>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** PUT /account/role/:id: the scope is fixed at creation. */
export const toUpdateBody = (values: Values) => ({
  name: text(values.name),
  displayName: text(values.displayName),
  description: text(values.description),
});

/** POST /account/role/create. */
export const toCreateBody = (values: Values) => ({ ...toUpdateBody(values), scope: values.scope });

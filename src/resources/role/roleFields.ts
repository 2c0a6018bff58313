import type { RaRecord } from 'react-admin';

export type RoleScope = 'provider' | 'customer';

/** A role as the server answers it (spec 01 §3 Role). */
export interface Role extends RaRecord {
  name: string;
  displayName: string;
  description: string;
  scope: RoleScope;
  customerId: null;
  accountCount: number;
}

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

export const SCOPE_CHOICES = [
  { id: 'provider', name: 'resources.role.scopes.provider' },
  { id: 'customer', name: 'resources.role.scopes.customer' },
];

/** The bounds and the name rule, as the server checks them. */
export const NAME_MAX = 100;
export const DISPLAY_NAME_MAX = 200;
export const DESCRIPTION_MAX = 1000;
export const NAME_PATTERN = /^[\p{L}\p{N}_\-. ]+$/u;

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

/** Role screens (docs/requirements/portal-entities.md Role, docs/requirements/portal-validation.md Role name unique, docs/requirements/roles-and-permissions.md). */
export const role = {
  name: 'Role |||| Roles',
  fields: {
    name: 'Name',
    displayName: 'Display name',
    description: 'Description',
    scope: 'Scope',
    accountCount: 'Accounts',
  },
  scopes: {
    provider: 'Provider',
    customer: 'Customer',
  },
  validation: {
    name: 'The name may contain only letters, digits, spaces, _, - and .',
  },
  helpers: {
    scope: 'The scope cannot be changed after the role is created.',
    builtInName: 'This role is part of the product: its name cannot be changed.',
  },
  refusals: {
    builtIn: 'This role is part of the product and cannot be deleted.',
    inUse: 'Accounts still hold this role: remove them from it first (Accounts tab).',
  },
  tabs: { accounts: 'Accounts' },
  /** What the role gives (components/EffectivePermissions.tsx). */
  effective: {
    intro:
      'Every permission, and whether this role gives it. An account holding the role may do what it allows; the server checks every call by the same rule.',
    noRole: 'This role gives no permission yet. Tick its actions on the permission assets to give some.',
  },
  accounts: {
    fields: {
      email: 'Email',
      firstName: 'First name',
      lastName: 'Last name',
      status: 'Status',
      customerName: 'Customer',
      customerId: 'Customer',
      accountIds: 'Accounts',
    },
    empty: 'No account holds this role yet.',
    add: 'Add accounts',
    addTitle: 'Add accounts to %{name}',
    remove: 'Remove',
    removeContent: 'Do you want to remove %{email} from the role %{name}?',
    chooseCustomer: 'Choose the customer whose accounts get this role.',
  },
  delete: {
    title: 'Delete role',
    content: 'Do you want to delete the role %{name}?',
  },
  empty: {
    title: 'No roles yet',
    body: 'Create a role, then grant it permissions and add accounts to it.',
  },
  notifications: {
    created: 'Role created',
    updated: 'Role updated',
    deleted: 'Role deleted',
    accountsAdded: '%{smart_count} account added |||| %{smart_count} accounts added',
    accountsRemoved: '%{smart_count} account removed |||| %{smart_count} accounts removed',
  },
};

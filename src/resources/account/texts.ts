/** Administrator account screens (docs/requirements/portal-entities.md Administrator account, docs/requirements/portal-validation.md Administrator account). */
export const account = {
  name: 'Account |||| Accounts',
  fields: {
    email: 'Email',
    roleIds: 'Roles',
    roles: 'Roles',
    firstName: 'First name',
    lastName: 'Last name',
    mobilePhone: 'Mobile phone',
    organization: 'Organization',
    address: 'Address',
    contactNumber: 'Contact number',
    otherInfo: 'Other info',
    avatar: 'Avatar',
    enable2fa: 'Enable 2FA',
    status: 'Status',
    customerName: 'Customer',
    createdDate: 'Created date',
  },
  helpers: {
    avatar: 'An https:// address or a data:image/ URL (optional).',
  },
  /** What the account may do, by the server's own rule (components/EffectivePermissions.tsx). */
  effective: {
    intro:
      'Every permission, whether this account has it, and which of its roles gives it. The server checks every call by the same rule.',
    noRole: 'This account has no role, so it may do nothing. Edit the account to give it a role.',
  },
  validation: {
    roleRequired: 'Account Role is required',
    rolesDuplicated: 'Selected roles are duplicated',
    avatar: 'The avatar must be an https:// address or a data:image/ URL.',
  },
  empty: {
    title: 'No accounts yet',
    body: 'Create an administrator account and give it one or more roles.',
  },
  initialPassword: {
    title: 'Account created',
    body: 'The initial password of %{email} is shown only once. Give it to the user: they must change it at their first sign-in.',
    label: 'Initial password',
    copy: 'Copy',
    copied: 'The initial password is copied.',
    close: 'Done',
  },
  notifications: {
    created: 'Account created',
    updated: 'Account updated',
    activated: '%{smart_count} account activated |||| %{smart_count} accounts activated',
    deactivated: '%{smart_count} account deactivated |||| %{smart_count} accounts deactivated',
  },
};

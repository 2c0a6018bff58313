/** Permission assets (`/asset`) and their roles × actions matrix (`/asset/:assetId/permission`). */
export const asset = {
  name: 'Permission Asset |||| Permission Assets',
  fields: {
    q: 'Search',
    name: 'Name',
    description: 'Description',
    resourceType: 'Resource type',
    actions: 'Actions',
    scope: 'Scope',
  },
  helpers: {
    name: 'The name operators see for this asset; at most 200 characters.',
    description: 'What the permissions of this asset allow; at most 1000 characters.',
  },
  scopes: {
    provider: 'Provider',
    customer: 'Customer',
    both: 'Provider and customer',
  },
  /** The names of the actions a role may hold on a resource (docs/requirements/roles-and-permissions.md). */
  actionNames: {
    view: 'View',
    create: 'Create',
    modify: 'Modify',
    delete: 'Delete',
    configure: 'Configure',
  },
  empty: {
    title: 'No permission assets yet',
    body: 'The assets of the permission catalogue appear here once the server has started.',
  },
  noMatch: 'No permission assets match these filters.',
  notifications: {
    updated: 'Permission asset updated',
    permissionsSaved: 'Permissions saved',
  },
  /** Who holds each action of an asset (AssetPermissionPage.tsx WhoCanSection). */
  whoCan: {
    title: 'Who can',
    intro:
      'The active accounts whose roles give each action, as the server checks them. Saving the matrix changes this list.',
    action: 'Action',
    accounts: 'Accounts',
    count: '%{smart_count} account |||| %{smart_count} accounts',
    more: 'and %{smart_count} more',
    nobody: 'Nobody',
  },
  permission: {
    button: 'Permissions',
    pageTitle: 'Asset permissions',
    title: 'Permissions: %{name}',
    resourceType: 'Resource type: %{resourceType}',
    matrix: 'Actions each role holds on this asset',
    columns: {
      role: 'Role',
      name: 'Name',
      scope: 'Scope',
      all: 'All',
    },
    all: 'All actions for %{role}',
    action: '%{action} for %{role}',
    scopeDenied: 'A customer-scope role cannot hold permissions on this provider-only resource.',
    reloadNote:
      'Signed-in users see a change at their next permission reload, within 3 minutes; the server applies it at once.',
    readOnly: 'You can view these permissions. Changing them needs the configure permission on assets.',
    noRoles: 'There are no roles yet.',
    changed: '%{smart_count} role changed |||| %{smart_count} roles changed',
    ownLoss: {
      title: 'Remove your own permissions?',
      content:
        'This change takes actions on %{resource} away from roles you hold: %{roles}. Unless another of your roles grants them, you lose them at your next permission reload.',
    },
  },
};

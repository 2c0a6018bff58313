/** A customer's users (docs/requirements/portal-entities.md User, docs/requirements/error-messages.md the V-Key app message; docs/requirements/billing-services-data-calls.md Users). */
export const user = {
  name: 'User |||| Users',
  fields: {
    username: 'Username',
    displayName: 'Display name',
    email: 'Email',
    mobilePhone: 'Mobile phone',
    status: 'Status',
    directoryId: 'Directory',
    directoryName: 'Directory',
    source: 'Source',
    appActivated: 'V-Key app activated',
    overPlan: 'Plan',
    createdDate: 'Created date',
    lastModifiedDate: 'Last modified',
    q: 'Search',
  },
  sources: { LDAP: 'LDAP directory', AZURE: 'Azure AD', REST: 'REST directory', CSV: 'CSV import' },
  tabs: { info: 'Info', troubleshooting: 'Troubleshooting log', history: 'History' },
  empty: {
    title: 'No users yet',
    body: 'Users come from your directories: add a directory and synchronise it, or import a CSV file into one.',
    addDirectory: 'Add a directory',
  },
  noTokenPack: {
    troubleshooting:
      'This user is in no token pack yet. The troubleshooting log (devices, last sign-in and approval events) appears once a token pack includes the user.',
    history:
      'This user is in no token pack yet. The history of the user in a token pack appears once a token pack includes the user.',
    faceId: 'The face ID is kept per token pack: this user is in no token pack yet.',
  },
  tokenPack: 'Token pack',
  history: {
    date: 'Date',
    action: 'Action',
    actor: 'By',
    changes: 'Changes',
    empty: 'Nothing has happened to this user in this token pack yet.',
  },
  troubleshooting: {
    devices: 'Devices',
    empty:
      'No device of this user in this token pack: the device appears when the user activates the V-Key app with an activation code.',
    device: 'Device',
    activated: 'Activated',
    lastSignIn: 'Last sign-in',
    lastApproval: 'Last approval',
  },
  actions: {
    sendPin: 'Send app PIN',
    pinSent: 'The app PIN was sent to %{username}.',
    resetFaceId: 'Reset face ID',
    resetFaceIdTitle: 'Reset the face ID of %{username}?',
    resetFaceIdContent: 'The user enrols a face again at the next sign-in with the app.',
    faceIdReset: 'The face ID of %{username} was reset.',
  },
  notifications: {
    updated: 'User updated',
  },
};

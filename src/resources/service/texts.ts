/** Services: the launch gallery and form, the service page, its user lists and the setup wizard. */
export const service = {
  name: 'Service |||| Services',
  fields: {
    instanceName: 'Name',
    name: 'Name',
    description: 'Description',
    status: 'Status',
    templateName: 'Template',
    protocol: 'Protocol',
    tokenPackName: 'Token pack',
    tokenPackId: 'Token pack',
    subscriptionId: 'Subscription',
    enabled: 'In its token pack',
  },
  helpers: {
    name: 'At most 200 characters.',
    description: 'At most 1200 characters.',
    tokenPackId: "The service's users are the token pack's users.",
  },
  list: {
    title: 'Services',
    launch: 'Launch a service',
    enabled: 'Enabled',
    disabled: 'Disabled',
  },
  empty: {
    title: 'No services yet',
    body: 'Launch a service from a template: your users then sign in to it with a second factor.',
  },
  noMatch: 'No services match these filters.',
  gallery: {
    title: 'Launch a service',
    intro: 'Choose the template of the service to launch.',
    search: 'Search templates',
    none: 'No service template is published yet.',
    noMatch: 'No template name contains "%{q}".',
    failed: 'Error: Get Service Template Failed',
  },
  launch: {
    title: 'Launch %{name}',
    back: 'All templates',
    overview: 'Overview',
    where: 'Subscription',
    details: 'Service',
    connectors: 'Connectors',
    submit: 'Launch',
    notFound: 'This service template does not exist or is not published.',
    noSubscription: 'You must subscribe at least one TokenPack at Home page.',
    goHome: 'Go to the Home page',
    subscriptionOption: '%{tier}, %{period}, until %{date}',
    noTokenPack: 'This subscription has no token pack.',
    apiKey: {
      title: 'API key of %{name}',
      body: "The HTTPS connector %{name} was made with the service. Give this key to the application: it sends it to the gateway with each request. It is shown only now and the gateway keeps only its fingerprint: copy it before you close this window. If it is lost, make a new one on the connector's page.",
      label: 'API key',
    },
  },
  connectors: {
    types: {
      ldap: 'Directory (LDAP)',
      radius: 'RADIUS connector',
      saml: 'SAML connector',
      oidc: 'OIDC client',
      saml2: 'SAML2.0 connector',
      https: 'HTTPS connector',
    },
    none: 'None',
    createNew: 'Create new',
    createNewOf: 'Create new %{type}',
    newOption: '(New) %{name}',
    failed: 'Error: Get All Connectors Failed',
    dialogTitle: 'New %{type}',
    dialogHelp:
      'The connector is made with the service, with the settings the gateway generates; change them on its own page afterwards.',
    dialogName: 'Connector name',
    add: 'Add',
    duplicate: '%{name} is already in the list: it is chosen.',
    directoryKept: "The service's directory stays as it was launched.",
  },
  force: {
    title: 'Warning connector setting!',
    intro: 'A connector is assigned to only one service, and another service uses:',
    listLabel: 'Connectors used by another service',
    usedBy: '%{connector}, used by %{service}',
    consequence:
      'Its previous assignment will be removed: the old service will stop working through this connector.',
    question: 'Do you want to use it for this service?',
    confirm: 'Yes',
    cancel: 'No',
  },
  validation: {
    required: 'Required field',
    refused: 'The server refused these settings: check the connectors and try again.',
  },
  edit: {
    title: 'Service %{name}',
  },
  tabs: {
    info: 'Info',
    bypass: '2FA Bypass List',
    seamless: 'Seamless Login List',
  },
  actions: {
    start: 'Start',
    stop: 'Stop',
    download: 'Download Installer Profile',
    wizard: 'Setup wizard',
  },
  stop: {
    title: 'Stop %{name}?',
    content:
      "Every user's sign-in through this service will be refused until it is started again. Do you want to stop it?",
  },
  delete: {
    title: 'Delete %{name}?',
    content:
      'Its connectors are freed for other services, and its 2FA bypass and seamless login lists are deleted with it. Its users can no longer sign in through it.',
  },
  stoppedBanner: 'This service is stopped: users cannot sign in through it. Start it to let them in again.',
  download: {
    notReady: 'The installer profile needs a started service with an HTTPS connector.',
  },
  users: {
    add: 'Add users',
    remove: 'Remove',
    removeTitle: 'Remove users',
    fields: {
      username: 'Username',
      displayName: 'Display name',
      email: 'Email',
      status: 'Status',
    },
    bypass: {
      help: 'These users sign in to this service without the second factor.',
      empty: 'No user bypasses the second factor on this service.',
      pickTitle: 'Add users to the 2FA bypass list',
      removeContent:
        'Remove the %{smart_count} selected user from the 2FA bypass list? They will need the second factor again. |||| Remove the %{smart_count} selected users from the 2FA bypass list? They will need the second factor again.',
    },
    seamless: {
      help: 'These users sign in to this service seamlessly, without typing their credentials.',
      empty: 'No user signs in seamlessly to this service.',
      pickTitle: 'Add users to the seamless login list',
      removeContent:
        'Remove the %{smart_count} selected user from the seamless login list? |||| Remove the %{smart_count} selected users from the seamless login list?',
    },
  },
  notifications: {
    created: 'Service launched',
    updated: 'Service updated',
    deleted: 'Service deleted',
    started: 'Service started',
    stopped: 'Service stopped',
    usersAdded: '%{smart_count} user added |||| %{smart_count} users added',
    usersRemoved: '%{smart_count} user removed |||| %{smart_count} users removed',
  },
};

/** The services themselves (the `service-instance` calls). */
export const serviceInstance = {
  name: 'Service |||| Services',
  notifications: { deleted: 'Service deleted', updated: 'Service updated' },
};

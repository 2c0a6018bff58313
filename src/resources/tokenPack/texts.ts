/** Token packs and their trusted networks (docs/requirements/portal-entities.md Token pack; docs/requirements/billing-services-entities.md). */
export const tokenPack = {
  name: 'Token Pack |||| Token Packs',
  fields: {
    q: 'Search',
    name: 'Name',
    subscriptionId: 'Subscription',
    wizardStatus: 'Setup wizard',
    serviceIds: 'Usable services',
    createdDate: 'Created',
    lastModifiedDate: 'Modified',
    iconUrl: 'Icon',
    featureImageUrl: 'Feature image',
    iconFile: 'Icon',
    featureImageFile: 'Feature image',
    removeIcon: 'Remove the current icon',
    removeFeatureImage: 'Remove the current feature image',
    primaryDirectoryId: 'Primary directory',
    activationReminderDays: 'Activation reminder (days)',
    themeId: 'Theme',
    services: 'Services',
  },
  tabs: {
    info: 'Info',
    trustedNetworks: 'Trusted Networks',
  },
  sections: {
    images: 'Images',
  },
  helpers: {
    name: 'Letters, digits, spaces and - _ . ( ), at most %{max} characters.',
    primaryDirectoryId: 'The directory the users of this token pack come from.',
    noDirectory: 'No primary directory',
    themeId:
      "The colours, logo and texts of this token pack's app and web sign-in. Only active themes can be chosen.",
    noTheme: 'No theme: the default look',
    image: 'An image file (PNG, JPEG, GIF, WebP or SVG) of at most 2,000,000 bytes.',
    removeImage: 'Shown without it after saving. A new image chosen below replaces it instead.',
    noImage: 'None yet.',
    activationReminderDays:
      'Users whose activation code is still pending get it again by email every this many days (1 to %{max}), never more than once a day. Empty: no reminder.',
  },
  current: {
    iconFile: 'Current icon',
    featureImageFile: 'Current feature image',
  },
  pickers: {
    choose: 'Choose an image',
    replace: 'Replace with a new image',
    iconFile: 'Icon file',
    featureImageFile: 'Feature image file',
  },
  validation: {
    imageTooLarge: 'This file is %{size} bytes; an image may be at most %{maxBytes} bytes.',
    imageType: 'This file is not an image: choose a PNG, JPEG, GIF, WebP or SVG file.',
    imageOne: 'Choose a single image file.',
    wholeDays: 'Enter a whole number of days.',
  },
  services: {
    title: 'Usable services',
    effectiveOnSave:
      "Switch a service off to stop this token pack's users from signing in through it. Changes take effect when you save.",
    none: 'This token pack has no services yet. Launch a service to add one.',
    enabled: 'Usable',
    disabled: 'Not usable',
    fields: {
      instanceName: 'Service',
      enabled: 'In this token pack',
      status: 'Status',
    },
  },
  networks: {
    explanation:
      "A sign-in from a trusted network may skip the second factor. Add only networks you control, such as your office's.",
    fields: {
      ip: 'IP address or range',
      description: 'Description',
      createdDate: 'Added',
    },
    helpers: {
      ip: 'An IPv4 or IPv6 address, or a range such as 203.0.113.0/24 or 2001:db8::/32.',
    },
    add: 'Add network',
    addTitle: 'Add a trusted network',
    editTitle: 'Change a trusted network',
    editOne: 'Edit %{ip}',
    deleteSelected: 'Delete selected',
    empty: 'No trusted networks yet: every sign-in asks for the second factor.',
    delete: {
      title: 'Delete trusted networks',
      content:
        'Stop trusting the selected network? Sign-ins from it will ask for the second factor. |||| Stop trusting the %{smart_count} selected networks? Sign-ins from them will ask for the second factor.',
    },
    notifications: {
      created: 'Trusted network added',
      updated: 'Trusted network updated',
      deleted: 'Trusted network deleted |||| %{smart_count} trusted networks deleted',
    },
  },
  usableCount: '%{smart_count} usable service |||| %{smart_count} usable services',
  /** A pack's subscription, by its plan and period: "Professional, 12 months". */
  subscriptionPlan: '%{tier}, %{period}',
  delete: {
    title: 'Delete token pack',
    content: 'Do you want to delete the token pack %{name}? Its trusted networks are deleted with it.',
  },
  empty: {
    title: 'No token packs yet',
    body: 'A token pack comes with an approved subscription: subscribe to a plan, and its token pack appears here.',
    subscription: 'Go to subscriptions',
  },
  noMatch: 'No token packs match these filters.',
  notifications: {
    created: 'Token pack created',
    updated: 'Token pack updated',
    deleted: 'Token pack deleted',
  },
};

/** A token pack's trusted networks (the `white-list-ips` calls). */
export const trustedNetwork = {
  name: 'Trusted network |||| Trusted networks',
  notifications: {
    created: 'Trusted network added',
    updated: 'Trusted network updated',
    deleted: 'Trusted network removed',
  },
};

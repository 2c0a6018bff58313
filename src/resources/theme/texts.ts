/** Themes and their editor (docs/requirements/portal-routes-and-menus.md Theme editor; docs/requirements/billing-services-entities.md Theme, docs/requirements/billing-services-states.md; contract/theme.ts). */
export const theme = {
  name: 'Theme |||| Themes',
  fields: {
    q: 'Search',
    name: 'Name',
    status: 'Status',
    rejectReason: 'Reason for the rejection',
    tokenPacks: 'Used by token packs',
    createdDate: 'Created',
    lastModifiedDate: 'Last modified',
  },
  status: {
    ACTIVE: 'Active',
    REJECTED: 'Rejected',
  },
  helpers: {
    name: 'At most %{max} characters. Users signing in do not see it: it tells your themes apart.',
    create:
      'A new theme starts from the default screens, colours and texts: you change them in the editor next.',
  },
  /** The screens, by id (a screen of another id shows its name, or its id). */
  screens: {
    common: 'Common',
    'sign-in': 'Sign-in',
    approval: 'Approval',
    activation: 'Activation',
    'web-sign-in': 'Web sign-in',
  },
  /** The fields of the screens, by id (a field of another id shows its label, or its id). */
  fieldIds: {
    primaryColor: 'Primary colour',
    backgroundColor: 'Background colour',
    textColor: 'Text colour',
    buttonColor: 'Button colour',
    buttonTextColor: 'Button text colour',
    approveColor: 'Approve button colour',
    rejectColor: 'Reject button colour',
    logo: 'Logo',
    companyName: 'Company name',
    title: 'Title',
    subtitle: 'Subtitle',
    instructions: 'Instructions',
    buttonLabel: 'Button text',
    approveLabel: 'Approve button text',
    rejectLabel: 'Reject button text',
  },
  editor: {
    screens: 'Screens',
    fields: '%{screen} fields',
    common:
      'The common fields apply to every screen: a colour changed here is copied to the same field of every screen.',
    noFields: 'This screen has no fields.',
    swatch: '%{label}: pick a colour',
    invalidColour: 'Enter a colour like #1565c0 (#rgb, #rrggbb or #rrggbbaa).',
    colourHelp: 'Applies when you stop typing.',
    shared: 'Shared by every screen: change it on the Common screen.',
    upload: 'Upload an image',
    replace: 'Replace the image',
    uploadInput: 'Upload an image for %{label}',
    uploading: 'Uploading…',
    remove: 'Remove the image',
    removeOf: 'Remove the image of %{label}',
    noImage: 'No image',
    imageHelp: 'PNG, JPEG, SVG, WebP or GIF, at most 1 MB.',
  },
  preview: {
    title: 'Preview',
    all: 'Every screen with the common fields',
    of: 'Preview of the %{screen} screen.',
    text: 'Text %{text} on the background %{background}: contrast %{ratio}:1.',
    button: 'Button text %{text} on the button %{button}: contrast %{ratio}:1.',
    logo: 'Logo shown.',
    noLogo: 'No logo.',
    lowContrast:
      '%{what} has a contrast of %{ratio}:1, hard to read for some people: aim for at least 4.5:1.',
    textOnBackground: 'The text on the background',
    buttonText: 'The button text on the button',
  },
  locked:
    'This theme is assigned to token pack(s) %{names} and cannot be edited until another theme replaces it there.',
  rejected: 'The provider rejected this theme: %{reason}. Saving it again makes it active.',
  noTokenPack: 'None',
  reject: {
    action: 'Reject',
    title: 'Reject the theme %{name}?',
    body: 'The customer sees the reason on the theme, and cannot assign it to a token pack until it is saved again.',
    reason: 'Reason',
    reasonRequired: 'Say why the theme is rejected.',
  },
  delete: {
    title: 'Delete the theme %{name}?',
    content: 'It is deleted for good.',
    manyTitle: 'Delete the selected themes?',
    manyContent:
      'Delete the selected theme for good? |||| Delete the %{smart_count} selected themes for good?',
  },
  empty: {
    title: 'No theme yet',
    body: 'A theme gives the mobile app and the web sign-in your colours, logo and texts. Create one, then choose it on a token pack.',
  },
  noMatch: 'No theme matches these filters.',
  notifications: {
    created: 'Theme created',
    updated: 'Theme saved',
    deleted: 'Theme deleted |||| %{smart_count} themes deleted',
    rejected: 'Theme rejected',
  },
};

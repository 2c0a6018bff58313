/** The provider's SAML setting (`/saml-settings`), a single record. */
export const samlSetting = {
  name: 'SAML Settings |||| SAML Settings',
  title: 'SAML Settings',
  notifications: { updated: 'SAML settings updated' },
  fields: {
    url: 'URL',
    protocol: 'Protocol',
    signOutPath: 'Sign-out path',
    signInPath: 'Sign-in path',
    metaPath: 'Metadata path',
    cert: 'Trusted certificate',
  },
  helpers: {
    url: 'An http:// or https:// URL of at most %{max} characters, or empty.',
    protocol: 'At most %{max} characters.',
    path: "A path starting with '/' of at most %{max} characters, or empty.",
    cert: 'The trusted certificate in PEM form, at most %{max} characters.',
  },
  validation: {
    url: 'Enter an http:// or https:// URL, or leave it empty.',
    path: "Start the path with '/', or leave it empty.",
  },
  readOnly:
    'You can view the SAML settings. Changing them needs the modify permission on SAML configuration.',
};

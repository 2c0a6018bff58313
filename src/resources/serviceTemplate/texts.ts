/** Service templates (`/service-template`): what customers launch their services from. */
export const serviceTemplate = {
  name: 'Service Template |||| Service Templates',
  fields: {
    q: 'Search',
    iconUrl: 'Icon',
    iconFile: 'Icon',
    removeIcon: 'Remove the current icon',
    uname: 'URL name',
    templateName: 'Template name',
    shortDescription: 'Short description',
    description: 'Description',
    status: 'Status',
    protocol: 'Protocol',
    connectorIds: 'Connectors',
    createdDate: 'Created',
    modifiedDate: 'Modified',
  },
  helpers: {
    uname:
      'Lower-case letters, digits and hyphens, at most 100 characters. It identifies the template in URLs.',
    templateName: 'At most 200 characters.',
    shortDescription: 'Shown on the template card; at most 300 characters.',
    description: 'At most 5000 characters.',
    iconFile: 'An image file (PNG, JPEG, GIF, WebP or SVG) of at most 2,000,000 bytes.',
    removeIcon:
      'The template is shown without an icon. A new icon chosen below replaces the current one instead.',
    noIcon: 'This template has no icon.',
  },
  iconPicker: {
    input: 'Icon file',
  },
  suggestion: {
    label: 'Suggested from the template name: %{slug}',
    use: 'Use suggestion',
  },
  validation: {
    unameFormat: 'Use lower-case letters and digits, with single hyphens between words (as in vpn-radius-2).',
    iconTooLarge: 'The icon is %{size} bytes; the limit is %{maxBytes} bytes.',
    iconType: 'The icon must be an image file (PNG, JPEG, GIF, WebP or SVG).',
    iconOne: 'Choose a single image file for the icon.',
  },
  /** Connector type names by type id (docs/requirements/billing-services-entities.md). */
  connectorTypes: {
    ldap: 'LDAP',
    radius: 'RADIUS',
    saml: 'SAML',
    oidc: 'OIDC',
    saml2: 'SAML2.0',
    https: 'HTTPS',
  },
  confirm: {
    publishTitle: 'Publish',
    unpublishTitle: 'Unpublish',
    publishOne: 'Publish %{name}? Customers can then launch services from it.',
    unpublishOne: 'Unpublish %{name}? Customers no longer see it.',
    publishMany:
      'Publish the %{smart_count} selected template? Customers can then launch services from it. |||| Publish the %{smart_count} selected templates? Customers can then launch services from them.',
    unpublishMany:
      'Unpublish the %{smart_count} selected template? Customers no longer see it. |||| Unpublish the %{smart_count} selected templates? Customers no longer see them.',
  },
  notifications: {
    created: 'Service template created',
    updated: 'Service template updated',
    published: 'Template published |||| %{smart_count} templates published',
    unpublished: 'Template unpublished |||| %{smart_count} templates unpublished',
  },
  empty: {
    title: 'No service templates yet',
    body: 'Create a service template, then publish it: customers launch their services from it.',
  },
  noMatch: 'No service templates match these filters.',
};

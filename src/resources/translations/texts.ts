/** The catalogue's messages and their overrides (contract/translations.ts; /translations). */
export const translations = {
  name: 'Translation |||| Translations',
  fields: {
    id: 'Key',
    en: 'English',
    vi: 'Vietnamese',
    q: 'Search',
    state: 'Show',
  },
  states: { missing: 'Missing in Vietnamese', overridden: 'Overridden' },
  intro: {
    provider:
      'An override changes a message for everyone, from their next page load, without a release. The catalogue files stay as they are.',
    customer:
      "Your overrides change a message for your organisation's administrators and users, over the provider's, from their next page load.",
  },
  notifications: { updated: 'Override saved' },
  overridden: 'Override',
  inherited: "Provider's override",
  missing: 'Missing',
  noMatch: 'No message matches this search.',
  edit: {
    action: 'Edit',
    title: 'Edit %{key}',
    catalogue: 'Catalogue: %{text}',
    inherited: "Provider's override: %{text}",
    none: '(none)',
    override: '%{language} override',
    help: 'Leave empty to show the text above.',
    placeholders: 'Keep these placeholders: %{placeholders}',
    saved: 'Saved. This portal shows it now; other open portals at their next page load.',
  },
  export: {
    label: 'Export overrides',
    en: 'English overrides (JSON)',
    vi: 'Vietnamese overrides (JSON)',
  },
};

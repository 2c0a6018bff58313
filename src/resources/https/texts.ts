/** HTTPS connectors (docs/requirements/portal-entities.md HTTPS connector). */
export const https = {
  name: 'HTTPS |||| HTTPS',
  fields: {
    name: 'Name',
    apiKey: 'API key',
    apiKeyHint: 'API key',
    serviceId: 'Service',
    createdDate: 'Created date',
    lastModifiedDate: 'Last modified',
  },
  helpers: { name: 'The API or application that will ask the gateway for a second factor.' },
  noService: 'Not used by a service yet',
  apiKey: {
    title: 'API key',
    body: 'Give this key to the application: it sends it to the gateway with each request. It is shown only now and the gateway keeps only its fingerprint: copy it before you close this window. If it is lost, make a new one.',
  },
  actions: { regenerate: 'New API key' },
  regenerate: {
    title: 'Make a new API key?',
    content: 'The current API key stops working at once: the application must be given the new one.',
  },
  delete: {
    title: 'Delete the HTTPS connector %{name}?',
    content: 'Its API key stops working.',
  },
  empty: {
    title: 'No HTTPS connector yet',
    body: 'Add an API or application that will ask the gateway for a second factor over HTTPS.',
  },
  notifications: {
    created: 'HTTPS connector created',
    updated: 'HTTPS connector updated',
    deleted: 'HTTPS connector deleted',
  },
};

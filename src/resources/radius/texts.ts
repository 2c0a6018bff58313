/** RADIUS connectors (docs/requirements/portal-entities.md RADIUS connector, docs/requirements/error-messages.md; docs/requirements/constants-and-limits.md proxy port). */
export const radius = {
  name: 'RADIUS |||| RADIUS',
  fields: {
    name: 'Name',
    ipAddress: 'IP address',
    proxyPort: 'RADIUS proxy port',
    sharedSecret: 'Shared secret',
    createdDate: 'Created date',
    lastModifiedDate: 'Last modified',
  },
  helpers: {
    ipAddress: 'The address the VPN or firewall sends its RADIUS requests from (IPv4 or IPv6).',
  },
  validation: { ipAddress: 'Enter an IPv4 address (10.0.0.5) or an IPv6 address (2001:db8::5).' },
  stored: { notSet: 'Not set' },
  secretMasked: '•••••••• (shown only when it was made)',
  secret: {
    title: 'Shared secret',
    body: 'Enter this shared secret in your VPN or firewall, with this gateway as its RADIUS server on port 1812. It is shown only now: copy it before you close this window. If it is lost, make a new one.',
  },
  actions: { regenerate: 'New shared secret' },
  regenerate: {
    title: 'Make a new shared secret?',
    content:
      'The current shared secret stops working at once: the VPN or firewall must be given the new one.',
  },
  delete: {
    title: 'Delete the RADIUS connector %{name}?',
    content: 'Requests from its IP address will no longer be answered.',
  },
  empty: {
    title: 'No RADIUS connector yet',
    body: 'Add the VPN or firewall that will ask the gateway for a second factor over RADIUS.',
  },
  notifications: {
    created: 'RADIUS connector created',
    updated: 'RADIUS connector updated',
    deleted: 'RADIUS connector deleted',
  },
};

/** RADIUS connectors (docs/requirements/portal-entities.md RADIUS connector, docs/requirements/error-messages.md; docs/requirements/constants-and-limits.md proxy port). */
export const radius = {
  name: 'RADIUS |||| RADIUS',
  fields: {
    name: 'Name',
    ipAddress: 'IP address',
    proxyPort: 'RADIUS port',
    mode: 'Second factor',
    nasIdentifier: 'NAS-Identifier',
    lastSignIn: 'Last request',
    sharedSecret: 'Shared secret',
    createdDate: 'Created date',
    lastModifiedDate: 'Last modified',
  },
  helpers: {
    ipAddress: 'The address the VPN or firewall sends its RADIUS requests from (IPv4 or IPv6).',
    mode: "Challenge: the VPN asks for the 6-digit code after the password. Push: the gateway waits up to 25 s for the user to approve in the V-Key app (set the VPN's RADIUS timeout to at least 30 seconds). Append: the user types the code after the password and a comma (password,123456), for VPNs that cannot show a challenge.",
    nasIdentifier:
      "Needed only when another connector has the same IP address (VPNs behind one NAT): then set it as the VPN's NAS-Identifier.",
  },
  modes: {
    challenge: 'Challenge: ask for the code',
    push: 'Push: approve in the V-Key app',
    append: 'Append: code after the password',
  },
  vpn: {
    title: 'Settings for your VPN',
    server: 'RADIUS server',
    protocol: 'Authentication protocol',
    secret: 'The one shown when this connector was made. If it is lost, make a new one (New shared secret).',
    timeout: 'RADIUS timeout',
    timeoutPush: 'At least %{seconds} seconds: the gateway waits for the app.',
    timeoutDefault: "The VPN's default (10 seconds or more) is enough.",
    tryIt: 'Try it from a shell',
    tryItHelp:
      "With Debian's freeradius-utils: replace USERNAME and PASSWORD with a user of the token pack's directory, and SHARED_SECRET with the shared secret. A challenge answers with a State; the README shows how to send the code with it.",
    off: "The gateway's RADIUS server is turned off on this server (RADIUS_PORT=0): no VPN gets an answer. Ask the operator of your gateway.",
    offShort: 'Off',
  },
  lastSignIn: {
    none: 'No request yet.',
    summary: '%{at}: %{userName}, %{result}',
  },
  validation: { ipAddress: 'Enter an IPv4 address (10.0.0.5) or an IPv6 address (2001:db8::5).' },
  stored: { notSet: 'Not set' },
  secretMasked: '•••••••• (shown only when it was made)',
  secret: {
    title: 'Shared secret',
    body: "Enter this shared secret in your VPN or firewall, with this gateway as its RADIUS server (the port is on the connector's page). It is shown only now: copy it before you close this window. If it is lost, make a new one.",
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

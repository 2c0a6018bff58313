/** OpenID Connect clients (docs/requirements/portal-entities.md OIDC client; docs/requirements/error-messages.md oidc errors). */
export const oidc = {
  name: 'OIDC |||| OIDC',
  fields: {
    clientName: 'Client name',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    redirectUrls: 'Redirect URLs',
    endpoints: 'Endpoints',
    lastSignIn: 'Last sign-in',
    createdDate: 'Created date',
    lastModifiedDate: 'Last modified',
  },
  lastSignIn: {
    none: 'Nobody signed in through it yet.',
    summary: '%{at}: %{userName}, %{result}',
  },
  helpers: {
    redirectUrls:
      'One URL per line, where the application receives its sign-in answers: https, or http on localhost while developing.',
  },
  validation: {
    redirectUrl: '%{url} is not a redirect URL: use https (or http on localhost), without a # part.',
    tooMany: 'Enter at most %{max} redirect URLs.',
  },
  endpoints: {
    issuer: 'Issuer',
    discovery: 'Discovery document',
    authorization: 'Authorization endpoint',
    token: 'Token endpoint',
    userinfo: 'UserInfo endpoint',
    jwks: 'JWKS (signing keys)',
    endSession: 'End session (sign-out) endpoint',
  },
  secret: {
    title: 'Client secret',
    body: 'Configure the application with its client ID and this secret. Keep it secret: anyone holding it can act as the application.',
  },
  actions: { reveal: 'Show client secret', regenerate: 'New client secret' },
  trySignIn: {
    label: 'Try sign-in',
    hint: "Opens the gateway's sign-in page in a new tab: sign in as a test user to see what the application would receive.",
  },
  regenerate: {
    title: 'Make a new client secret?',
    content: 'The current secret stops working at once: the application must be given the new one.',
  },
  delete: {
    title: 'Delete the OIDC client %{name}?',
    content: 'The application can no longer sign its users in through the gateway.',
  },
  empty: {
    title: 'No OIDC client yet',
    body: 'Add an application that signs its users in with OpenID Connect through the gateway.',
  },
  notifications: {
    created: 'OIDC client created',
    updated: 'OIDC client updated',
    deleted: 'OIDC client deleted',
    notSaved:
      'The OIDC client could not be saved. Check the redirect URLs and try again; the details are in the browser console.',
    secretUnavailable:
      'The client secret could not be read. Try again; the details are in the browser console.',
  },
};

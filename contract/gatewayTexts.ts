/**
 * What the gateway says to the people who sign in through it, in the client's own window (a VPN's
 * Reply-Message), in English: the server sends them from these texts, and the portal's catalogue holds
 * them under `gateway` (src/i18n/en). Keep this file free of imports. One refusal text for every reason:
 * the real reason is only in the user's sign-in log.
 */
export const gateway = {
  radius: {
    challenge: 'Enter the 6-digit code from your V-Key app.',
    accepted: 'Welcome.',
    refused: 'Sign-in refused. If this persists, ask your administrator.',
  },
  oidc: {
    errorTitle: 'This sign-in cannot go on',
    errorBody:
      'The application asked for something the gateway cannot give. Go back to the application and sign in again; if this persists, tell its administrator this error:',
  },
};

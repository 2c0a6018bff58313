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
  /** The web sign-in page (OpenID Connect and SAML 2.0): `%{…}` as in the portal's catalogue. */
  web: {
    title: 'Sign in to your account',
    toApplication: 'to continue to %{application}',
    userName: 'User name',
    password: 'Password',
    signIn: 'Sign in',
    wrongCredentials: 'The user name or password is wrong. Check them and try again.',
    tooManyAttempts: 'Too many wrong attempts. Go back to the application and sign in again.',
    throttled:
      'Too many wrong passwords for this user name or from your network. Try again in %{minutes} min.',
    secondTitle: 'Confirm it is you',
    signedInAs: 'Signed in as %{user}',
    appAsked: 'We asked your V-Key app to approve this sign-in. Open the app and approve it.',
    appWaiting: 'Waiting for the app: %{seconds} s left.',
    appExpired: 'The request to your app expired before it was approved.',
    askAgain: 'Ask the app again',
    checkApproval: 'I have approved it',
    orCode: 'Or type the 6-digit code your V-Key app or your OTP token shows.',
    codeOnly: 'Type the 6-digit code your V-Key app or your OTP token shows.',
    code: '6-digit code',
    verify: 'Verify',
    wrongCode: 'This code is not right. Type the code your app or token shows now.',
    cancel: 'Cancel and go back to the application',
    refusedTitle: 'You cannot sign in here now',
    returnToApplication: 'Return to the application',
    expiredTitle: 'This sign-in has expired',
    expiredBody: 'Go back to the application and sign in again.',
    postTitle: 'Signing you in',
    postBody: 'Taking you back to %{application}…',
    postContinue: 'Continue',
    signedOutTitle: 'You are signed out',
    signedOutBody: 'The application signed you out. You can close this window.',
    tryTitle: 'Sign-in tried',
    tryBody: 'This is what %{application} would receive from the gateway:',
    tryCaption: 'What the application receives',
    tryName: 'Name',
    tryValue: 'Value',
    /** Why a sign-in is refused, by the gateway's reason (any other: `unavailable`). */
    refused: {
      serviceStopped:
        'This application is not available now: its service is stopped. Ask your administrator.',
      serviceDisabled: 'This application is not available now. Ask your administrator.',
      noService: 'This application is not available now: no service serves it. Ask your administrator.',
      customerInactive: "Your organisation's account is inactive. Ask your administrator.",
      userInactive: 'Your account is inactive. Ask your administrator.',
      notCovered: "Your organisation's subscription does not cover your account now. Ask your administrator.",
      noSecondFactor:
        'You have no V-Key app or OTP token for this application yet. Ask your administrator to set one up.',
      directoryUnreachable: 'Your password cannot be checked now. Try again in a few minutes.',
      directoryCannotCheck: "Your account's directory cannot check passwords. Ask your administrator.",
      codeLocked: 'Too many wrong codes: codes are refused for 15 minutes. Try again later.',
      pushRejected: 'The sign-in was rejected in your V-Key app.',
      unavailable: 'This sign-in cannot go on. Ask your administrator.',
    },
  },
};

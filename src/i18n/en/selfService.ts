/**
 * The public self-service pages' texts (portal.selfService): sign-up and its activation, forgotten and
 * reset passwords, the recovery email's verification, contact, onboarding and the scheme test page.
 * Translators: edit the strings, keep the keys and %{placeholders}.
 */
export const selfService = {
  signIn: 'Sign In',
  backToSignIn: 'Back to sign in',
  contactUs: 'Contact us',
  sending: 'Sending…',
  retry: 'Try again',
  passwordHint:
    'From 8 to 128 characters, with an uppercase letter, a lowercase letter and a number; not a common password, nor the part of your email before the @.',
  signup: {
    title: 'Create your account',
    subtitle: 'Sign up your company: you become the administrator of its account.',
    fields: {
      email: 'Email',
      password: 'Password',
      confirmPassword: 'Confirm password',
      firstName: 'First name',
      lastName: 'Last name',
      companyName: 'Company name',
      companyPhone: 'Company phone',
    },
    agreement: 'I agree to the %{termsOfUse} and the %{privacyPolicy}',
    termsOfUse: 'terms of use',
    privacyPolicy: 'privacy policy',
    planKept:
      'The plan you chose is kept: once your account is active and you sign in, you continue with it.',
    submit: 'Sign Up',
    submitting: 'Signing up…',
    haveAccount: 'Already have an account?',
  },
  signupCompleted: {
    title: 'Check your mailbox',
    sentTo:
      'We have sent an activation link to %{email}. Open it within %{smart_count} hour to activate your account. |||| We have sent an activation link to %{email}. Open it within %{smart_count} hours to activate your account.',
    sent: 'We have sent an activation link to the email address you gave. Open it within %{smart_count} hour to activate your account. |||| We have sent an activation link to the email address you gave. Open it within %{smart_count} hours to activate your account.',
    noMail: 'No email after a few minutes? Look in your spam folder, or %{contactUs}.',
    contactUs: 'contact us',
  },
  activation: {
    title: 'Account activation',
    activating: 'Activating your account…',
    activeTitle: 'Your account is active',
    active: 'Sign in with %{email} and the password you chose.',
    planNext: 'Once you are signed in, you continue with the plan you chose.',
    failedTitle: 'The account could not be activated',
  },
  forgotPassword: {
    title: 'Forgot password',
    intro: 'Enter the email you sign in with: we will send you a link to choose a new password.',
    email: 'Email',
    toRecoveryEmail: 'I can no longer read this mailbox: send the link to my recovery email',
    submit: 'Send the link',
    sentTitle: 'Check your mailbox',
    sent: 'If an account has this email, we have sent a link to it to reset the password. The link works once, within %{smart_count} minute. |||| If an account has this email, we have sent a link to it to reset the password. The link works once, within %{smart_count} minutes.',
    sentToRecoveryEmail:
      'If an account has this email and a verified recovery email, we have sent a link to that recovery email to reset the password. The link works once, within %{smart_count} minute. |||| If an account has this email and a verified recovery email, we have sent a link to that recovery email to reset the password. The link works once, within %{smart_count} minutes.',
  },
  resetPassword: {
    title: 'Reset password',
    intro: 'Choose a new password for your account.',
    introRecoveryEmail:
      'You opened this link from your recovery email. Choose a new password for your account.',
    fields: {
      newPassword: 'New password',
      confirmPassword: 'Confirm new password',
    },
    submit: 'Reset password',
    doneTitle: 'Your password has been reset',
    done: 'Sign in with your new password. The old one no longer works, and the account was signed out everywhere.',
    refusedTitle: 'This link cannot be used',
    newLink: 'Ask for a new link',
  },
  recoveryEmail: {
    title: 'Recovery email',
    verifying: 'Verifying your recovery email…',
    verifiedTitle: 'Your recovery email is verified',
    verified:
      '%{email} is now your recovery email: if you can no longer read the mailbox you sign in with, a password reset link can be sent there.',
    failedTitle: 'The recovery email could not be verified',
    profile: 'My Account',
  },
  contact: {
    title: 'Contact us',
    intro: 'A question about the plans, your account or a setup? Write to us: we answer by email.',
    fields: {
      name: 'Name',
      email: 'Email',
      company: 'Company',
      phone: 'Phone',
      subject: 'Subject',
      message: 'Message',
    },
    submit: 'Send',
    sentTitle: 'Thank you',
    sent: 'Your message has been sent. We will answer you by email.',
    done: 'Back to the portal',
  },
  onboarding: {
    title: 'Activate the V-Key app',
    intro:
      'The V-Key app activates by scanning your activation QR code. On the phone that shows this page, it cannot scan its own screen: it reads a screenshot instead.',
    qrLabel: 'Activation QR code',
    code: 'Activation code:',
    noCode:
      'Your activation QR code comes in the activation email your administrator sent you. Open the link in that email on your phone to see the code here, or scan the QR code in the email with the V-Key app.',
    stepsTitle: 'On this phone',
    steps: {
      screenshot: 'Take a screenshot of the QR code.',
      openApp: 'Open the V-Key app.',
      scan: 'Choose to scan a QR code.',
      loadImage: 'Load the screenshot from your photos: the app reads the code and activates.',
    },
    otherDevice:
      'On a computer, scan the QR code with the V-Key app on your phone instead. Each activation code works once.',
    openApp: 'Open in the V-Key app',
    openAppNote: 'On a phone with the app installed, this opens the app with your activation link.',
    guide: 'Read the mobile app guide',
  },
  scheme: {
    title: 'Open the V-Key app',
    intro: 'This page tests whether this device opens the V-Key app from a link.',
    open: 'Open the V-Key app',
    link: 'The link opened:',
    notAppLink: 'The link in the address is not a V-Key app link: a test link is opened instead.',
    installed:
      'If the app is installed, the device opens it, or first asks whether to open it. A test link does nothing else in the app.',
    notInstalled:
      'If the app is not installed, nothing happens, or the browser says it cannot open the address. Install the app, then try again.',
  },
  footerLink: 'Contact us',
};

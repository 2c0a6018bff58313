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
};

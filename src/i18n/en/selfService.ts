/**
 * The public self-service pages' texts (portal.selfService): sign-up and its activation, forgotten and
 * reset passwords, the recovery email's verification, contact, onboarding and the scheme test page.
 * Translators: edit the strings, keep the keys and %{placeholders}.
 */
export const selfService = {};

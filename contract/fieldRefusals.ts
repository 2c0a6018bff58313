// Made by `npm run registry` (scripts/registry.ts) from the contracts' errors that concern one field (an ErrorText's `field`): edit those, not this file.

/**
 * The refusals of one field's value, by message key, and the field each concerns unless the answer's
 * `params.field` names another: the portal's transport turns them into the form's field errors.
 */
export const FIELD_REFUSALS: Readonly<Record<string, string>> = {
  'error.account.oldPasswordIncorrect': 'oldPassword',
  'error.card.authenticationRequired': 'card',
  'error.card.declined': 'card',
  'error.card.expiredCard': 'card',
  'error.card.incorrectCvc': 'card',
  'error.card.insufficientFunds': 'card',
  'error.card.processingError': 'card',
  'error.password.common': 'newPassword',
  'error.password.confirmMismatch': 'confirmPassword',
  'error.password.containsEmail': 'newPassword',
  'error.password.policy': 'newPassword',
  'error.password.reused': 'newPassword',
  'error.password.sameAsOld': 'newPassword',
  'error.password.tooLong': 'newPassword',
  'error.phone.invalid': 'mobilePhone',
  'error.radius.ipExisted': 'ipAddress',
  'error.radius.ipHeldBy': 'ipAddress',
  'error.recoveryEmail.sameAsEmail': 'recoveryEmail',
  'error.saml2.certificate': 'certificate',
  'error.saml2.nameExisted': 'uname',
  'error.signup.agreementRequired': 'agreement',
  'error.signup.confirmMismatch': 'confirmPassword',
  'error.translation.placeholders': 'text',
  'error.translation.pluralForms': 'text',
};

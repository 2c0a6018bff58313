import { defineErrors } from './kit.ts';

/**
 * The errors every part of the API may answer (the route kit, the guard, the validation, uploads, lists),
 * and the portal's own (a server it cannot reach, a call whose answer it cannot read).
 */

export const COMMON_ERRORS = defineErrors({
  defaultInternalServerError: {
    key: 'error.default.internal.server.error',
    text: 'The server encountered an internal error and was unable to complete your request',
  },
  network: {
    key: 'error.network',
    text: 'The server cannot be reached. Check your connection and try again.',
  },
  withReference: {
    key: 'error.withReference',
    text: '%{message}. If it happens again, give your administrator this reference: %{requestId}',
  },
  recordNotFound: {
    status: 404,
    key: 'error.record.notFound',
    text: 'Some of the selected records were not found.',
  },
  recordInUse: {
    status: 409,
    key: 'error.record.inUse',
    text: 'Some of the selected records are still in use and cannot be deleted.',
  },
  uploadTooLarge: { key: 'error.upload.tooLarge', text: 'The file is larger than %{maxBytes} bytes.' },
  uploadTooManyParts: {
    key: 'error.upload.tooManyParts',
    text: 'The request carries more parts than allowed.',
  },
  uploadMissingPart: { key: 'error.upload.missingPart', text: 'The %{part} part is missing.' },
  uploadUnexpectedPart: {
    key: 'error.upload.unexpectedPart',
    text: 'The %{part} part is not expected here.',
  },
  uploadDuplicatePart: {
    key: 'error.upload.duplicatePart',
    text: 'The %{part} part is sent more than once.',
  },
  uploadUnsupportedType: {
    key: 'error.upload.unsupportedType',
    text: 'Only image files (PNG, JPEG, GIF, WebP, SVG) can be uploaded.',
  },
  hostNotAllowed: {
    status: 421,
    key: 'error.host.notAllowed',
    text: 'This server does not answer to the name %{host}. Its administrator lists the names it answers to in ALLOWED_HOSTS.',
  },
  uploadUnsafeSvg: {
    key: 'error.upload.unsafeSvg',
    text: 'This SVG image holds scripts, event handlers or links to other files: save it as plain shapes and text, or upload a PNG.',
  },
  routeNotFound: { key: 'error.route.notFound', text: 'No API call matches %{method} %{path}.' },
  rateLimitExceeded: {
    key: 'error.rateLimit.exceeded',
    text: 'Too many requests from your network. Try again in %{smart_count} second. |||| Too many requests from your network. Try again in %{smart_count} seconds.',
  },
  validationInvalid: { key: 'error.validation.invalid', text: "The field '%{field}' %{reason}." },
  validationInvalidText: {
    key: 'error.validation.invalidText',
    text: "The field '%{field}' contains a character that is not allowed (NUL or an unpaired surrogate).",
  },
  requestInvalidJson: { key: 'error.request.invalidJson', text: 'The request body is not valid JSON.' },
  requestBodyTooLarge: { key: 'error.request.bodyTooLarge', text: 'The request body is too large.' },
  requestUnsupportedMediaType: {
    key: 'error.request.unsupportedMediaType',
    text: 'The request body must be sent as %{mediaType}.',
  },
  requestInvalid: { key: 'error.request.invalid', text: 'The request could not be understood.' },
  actionNotallow: { key: 'error.action.notallow', text: 'Action does not allow.' },
  authUnauthorized: { key: 'error.auth.unauthorized', text: 'Your session has ended. Please sign in again.' },
  fetchUnsupportedAction: { key: 'error.fetch.unsupportedAction', text: 'Unsupported fetch action type' },
  fetchMissingTotal: {
    key: 'error.fetch.missingTotal',
    text: 'The numberOfElements property must be present in the Json response',
  },
  fetchMissingContentRange: {
    key: 'error.fetch.missingContentRange',
    text: 'The Content-Range header is missing from the response',
  },
  fetchMissingParameter: {
    key: 'error.fetch.missingParameter',
    text: 'A required parameter of the call is missing',
  },
});

/**
 * A phone number (contract/phone.ts): an account's mobile phone and contact number, a user's mobile phone.
 * The answer's `field` param names the field, for the form to say it under that field.
 */
export const PHONE_ERRORS = defineErrors({
  invalid: {
    status: 400,
    key: 'error.phone.invalid',
    field: 'mobilePhone',
    text: 'Enter a phone number in international format: + and the country code, then the number (+84 90 123 45 67).',
  },
});

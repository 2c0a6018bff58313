/** The emails' texts: written once, in contract/mailTexts.ts, which the server sends them from. */
export { mail } from '../../../contract/mailTexts';

/** ra-language-vietnamese 3.0.1 ships no types: react-admin's messages, nested (contract/i18n/catalogues.ts). */
declare module 'ra-language-vietnamese' {
  const messages: { ra: Record<string, Record<string, string>> };
  export default messages;
}

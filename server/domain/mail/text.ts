/** Text in a message's HTML: `& < > " '` as character references. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A date as the emails write it: `2026-03-01 14:05 UTC`. */
export const mailDate = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

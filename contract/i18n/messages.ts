/**
 * A catalogue is nested objects of strings (polyglot's form): `{ portal: { menu: { dashboard: '…' } } }`.
 * These read and write one as flat keys (`portal.menu.dashboard`), and say what a message's text must keep
 * in every locale: its placeholders (`%{minUser}`) and its plural forms (`one |||| other`).
 */

export interface Messages {
  [key: string]: string | Messages;
}

/** Every message of a catalogue, by its flat key, in the catalogue's order. */
export function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [name, value] of Object.entries(messages)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') flat.set(key, value);
    else for (const [inner, text] of flatten(value, key)) flat.set(inner, text);
  }
  return flat;
}

/**
 * Puts `text` at the flat `key` of `messages` (a copy of each object on the way: `messages` is not
 * changed). A key whose parts name a text, or a text a group, is refused: the catalogues' shapes agree.
 * No name of a catalogue holds a dot (`resources.users/keycloak.name` is three names).
 */
export function withMessage(messages: Messages, key: string, text: string): Messages {
  const [head, ...rest] = key.split('.') as [string, ...string[]];
  if (rest.length === 0) {
    if (typeof messages[head] === 'object') throw new Error(`${key} names a group of messages`);
    return { ...messages, [head]: text };
  }
  const inner = messages[head];
  if (typeof inner === 'string') throw new Error(`${key} is inside the text of another message`);
  return { ...messages, [head]: withMessage(inner ?? {}, rest.join('.'), text) };
}

/** The catalogue of flat messages, nested. */
export function nest(flat: Iterable<readonly [string, string]>, into: Messages = {}): Messages {
  let messages = into;
  for (const [key, text] of flat) messages = withMessage(messages, key, text);
  return messages;
}

/** `base` with `over`'s messages put over it, group by group (neither is changed). */
export function merged(base: Messages, over: Messages): Messages {
  const result: Messages = { ...base };
  for (const [name, value] of Object.entries(over)) {
    const under = result[name];
    result[name] =
      typeof value === 'object' && typeof under === 'object' ? merged(under, value) : (value as string);
  }
  return result;
}

/** The placeholders of a text, sorted and once each (`%{minUser}` → `minUser`). */
export const placeholdersOf = (text: string): string[] =>
  [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]!))].sort();

/** polyglot's separator of plural forms. */
export const PLURAL_SEPARATOR = '||||';

/** How many plural forms a text has (1 when it is not plural). */
export const pluralFormsOf = (text: string): number => text.split(PLURAL_SEPARATOR).length;

/**
 * How many plural forms a locale's plural messages have (polyglot's rules; src/i18n registers `vi` with
 * one form: Vietnamese nouns do not change with the count, as CLDR says).
 */
export const PLURAL_FORMS: Readonly<Record<string, number>> = { en: 2, vi: 1 };

import vietnameseReactAdmin from 'ra-language-vietnamese';
import type { Locale } from '../translations.ts';
import en from './en.json' with { type: 'json' };
import { flatten, type Messages, merged, nest, PLURAL_SEPARATOR, placeholdersOf } from './messages.ts';
import vi from './vi.json' with { type: 'json' };

/**
 * Each locale's catalogue as its files give it, before any override: the whole English one (made from the
 * portal's sources by `npm run registry`), and the Vietnamese translators' file over react-admin's own
 * Vietnamese messages (ra-language-vietnamese, written for react-admin 3): of those, the ones whose key
 * react-admin 5 still has, with the same placeholders and without plural forms (Vietnamese has one).
 */

const english = en as Messages;

function reactAdminVietnamese(): Messages {
  const current = flatten(english);
  const kept = [...flatten(vietnameseReactAdmin as Messages)].filter(([key, text]) => {
    const source = current.get(key);
    return (
      source !== undefined &&
      !text.includes(PLURAL_SEPARATOR) &&
      placeholdersOf(source).join() === placeholdersOf(text).join()
    );
  });
  return nest(kept);
}

/** A locale's catalogue from its translators' file: for Vietnamese, over react-admin's own messages. */
export const catalogueOfFile = (locale: string, file: Messages): Messages =>
  locale === 'vi' ? merged(reactAdminVietnamese(), file) : file;

export const BASE_CATALOGUES: Readonly<Record<Locale, Messages>> = {
  en: english,
  vi: catalogueOfFile('vi', vi as Messages),
};

import englishMessages from 'ra-language-english';
import { docsShell } from './docs';
import { error } from './errors';
import { portal } from './portal';

/**
 * The part of the English catalogue the first pages need: react-admin's own texts, the portal's (without
 * the setup wizard's), the errors and the documentation's titles. The sign-in page loads it with its code;
 * the rest (the documentation's pages, resources, wizard, mail) comes with the signed-in portal and the
 * documentation pages (src/i18n/index.ts, loadCatalogue).
 */
export const shell = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    auth: { ...englishMessages.ra.auth, logout: 'Sign Out', sign_in: 'Sign In' },
  },
  portal,
  error,
  docs: docsShell,
};

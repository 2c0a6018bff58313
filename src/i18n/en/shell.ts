import englishMessages from 'ra-language-english';
import { docs } from './docs';
import { error } from './errors';
import { portal } from './portal';

/**
 * The part of the English catalogue the first pages need: react-admin's own texts, the portal's (without
 * the setup wizard's), the errors and the documentation. The sign-in page loads it with its code; the rest
 * (resources, wizard, mail) comes with the signed-in portal (src/i18n/index.ts, loadCatalogue).
 */
export const shell = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    auth: { ...englishMessages.ra.auth, logout: 'Sign Out', sign_in: 'Sign In' },
  },
  portal,
  error,
  docs,
};

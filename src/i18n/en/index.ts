import englishMessages from 'ra-language-english';
import { docs } from './docs';
import { error } from './errors';
import { mail } from './mail';
import { portal } from './portal';
import { resources } from './resources';
import { wizard } from './wizard';

/**
 * The English catalogue: every text the portal shows, one file per area. Translators: copy this folder
 * to a new locale, edit the strings, keep the keys and the %{placeholders}. The spec's own keys
 * (error.*) and texts stand here verbatim.
 */
export const en = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    auth: { ...englishMessages.ra.auth, logout: 'Sign Out', sign_in: 'Sign In' },
  },
  portal: { ...portal, wizard },
  error,
  docs,
  mail,
  resources,
};

export type Catalogue = typeof en;

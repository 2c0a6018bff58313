import { mail } from './mail';
import { resources } from './resources';
import { shell } from './shell';
import { wizard } from './wizard';

/**
 * The English catalogue: every text the portal shows, one file per area (shell.ts: what the first pages
 * need). Translators: copy this folder to a new locale, edit the strings, keep the keys and the
 * %{placeholders}. The spec's own keys (error.*) and texts stand here verbatim.
 */
export const en = {
  ...shell,
  portal: { ...shell.portal, wizard },
  mail,
  resources,
};

export type Catalogue = typeof en;

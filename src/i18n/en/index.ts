import { docs } from './docPages';
import { gateway } from './gateway';
import { mail } from './mail';
import { resources } from './resources';
import { shell } from './shell';
import { wizard } from './wizard';

/**
 * The English catalogue: every text the portal shows, one file per area (shell.ts: what the first pages
 * need), and each feature's in its folder (src/resources/<feature>/texts.ts, `texts` of its index).
 * Translators: copy this folder to a new locale and add the features' texts of it, edit the strings, keep
 * the keys and the %{placeholders}. The spec's own keys (error.*) and texts stand here verbatim.
 */
export const en = {
  ...shell,
  portal: { ...shell.portal, wizard },
  docs,
  mail,
  gateway,
  // Each feature's texts, from its folder (src/resources/<feature>/texts.ts), listed by npm run registry.
  resources,
};

export type Catalogue = typeof en;

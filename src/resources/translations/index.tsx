import TranslateIcon from '@mui/icons-material/Translate';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { SCOPE, sessionStore } from '../../session';
import { translations } from './texts';

/**
 * The catalogue's messages and their overrides (contract/translations.ts): an operator's for everyone, a
 * customer administrator's (permission translations) for the customer's own accounts.
 */
export default defineFeature({
  ...named('translations', TranslateIcon, translations),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: [
    { menu: 'provider', order: 63, group: 'settings', when: ({ customerSelected }) => !customerSelected },
    // A customer's own administrators: an operator inside a customer edits the provider's (its menu's entry).
    { menu: 'customer', order: 95, when: () => sessionStore.get()?.originalScope === SCOPE.CUSTOMER },
  ],
});

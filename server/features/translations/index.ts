import { defineFeature } from '../../kit/feature.ts';
import { translationsRoutes } from './routes.ts';

/**
 * Translations: the overrides of the catalogue's messages (the provider's and each customer's), the public
 * merged catalogue of a locale, and the account's language.
 */
export default defineFeature({ name: 'translations', routes: translationsRoutes });

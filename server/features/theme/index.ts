import { defineFeature } from '../../kit/feature.ts';
import { themeRoutes } from './routes.ts';

/** Themes of the white-label app and web sign-in: a customer's screens, colours and images. */
export default defineFeature({ name: 'theme', routes: themeRoutes });

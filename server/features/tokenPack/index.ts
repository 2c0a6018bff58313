import { defineFeature } from '../../kit/feature.ts';
import { tokenPackRoutes } from './routes.ts';

/** Token packs (the app a customer's users install) and their trusted networks. */
export default defineFeature({ name: 'tokenPack', routes: tokenPackRoutes });

import { defineFeature } from '../../kit/feature.ts';
import { serviceTemplateRoutes } from './routes.ts';

/** Service templates: the gallery of services a customer launches from. */
export default defineFeature({ name: 'serviceTemplate', routes: serviceTemplateRoutes });

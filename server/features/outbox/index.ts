import { defineFeature } from '../../kit/feature.ts';
import { mailRoutes } from './routes.ts';

/** The outbox: the mail the server sends, and its delivery. */
export default defineFeature({
  name: 'outbox',
  plugin: mailRoutes,
});

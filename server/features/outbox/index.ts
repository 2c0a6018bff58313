import { defineFeature } from '../../kit/feature.ts';
import { outboxRoutes } from './routes.ts';

/** The outbox: the mail the server sends, and its delivery. */
export default defineFeature({ name: 'outbox', routes: outboxRoutes });

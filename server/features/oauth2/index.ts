import { defineFeature } from '../../kit/feature.ts';
import { oauth2Routes } from './routes.ts';

/** The portal's own OAuth 2.0 authorization (clients, requests and codes). */
export default defineFeature({ name: 'oauth2', routes: oauth2Routes });

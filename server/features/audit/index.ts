import { defineFeature } from '../../kit/feature.ts';
import { auditRoutes } from './routes.ts';

/** The audit log: who changed what, read by range, table and record. */
export default defineFeature({ name: 'audit', routes: auditRoutes });

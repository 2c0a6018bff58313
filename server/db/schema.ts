/**
 * The database schema, one file per area. Migrations are generated from it (`npm run db:generate`)
 * and applied at every start.
 */
export * from './schema/admin.ts';
export * from './schema/billing.ts';
export * from './schema/card.ts';
export * from './schema/connector.ts';
export * from './schema/directory.ts';
export * from './schema/enrollment.ts';
export * from './schema/identity.ts';
export * from './schema/instance.ts';
export * from './schema/oauth2.ts';
export * from './schema/report.ts';
export * from './schema/service.ts';
export * from './schema/theme.ts';

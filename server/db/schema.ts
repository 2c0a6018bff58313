// Made by `npm run registry` (scripts/registry.ts) from server/db/schema/ and the features' schema.ts: edit those, not this file.

/**
 * The database schema: the server's own tables (server/db/schema/) and each feature's (its schema.ts).
 * Migrations are generated from it (`npm run db:generate`) and applied at every start.
 */
export * from '../features/account/schema.ts';
export * from '../features/activationCode/schema.ts';
export * from '../features/asset/schema.ts';
export * from '../features/card/schema.ts';
export * from '../features/cloudConfig/schema.ts';
export * from '../features/connector/schema.ts';
export * from '../features/customer/schema.ts';
export * from '../features/directory/schema.ts';
export * from '../features/gateway/schema.ts';
export * from '../features/oauth2/schema.ts';
export * from '../features/oidcProvider/schema.ts';
export * from '../features/order/schema.ts';
export * from '../features/otp/schema.ts';
export * from '../features/plan/schema.ts';
export * from '../features/report/schema.ts';
export * from '../features/role/schema.ts';
export * from '../features/samlSetting/schema.ts';
export * from '../features/seamless/schema.ts';
export * from '../features/secondFactor/schema.ts';
export * from '../features/selfService/schema.ts';
export * from '../features/service/schema.ts';
export * from '../features/serviceTemplate/schema.ts';
export * from '../features/session/schema.ts';
export * from '../features/subscription/schema.ts';
export * from '../features/theme/schema.ts';
export * from '../features/tokenPack/schema.ts';
export * from '../features/translations/schema.ts';
export * from '../features/user/schema.ts';
export * from '../features/webSignIn/schema.ts';
export * from './schema/audit.ts';
export * from './schema/bulkJobs.ts';
export * from './schema/files.ts';
export * from './schema/instance.ts';
export * from './schema/mail.ts';
export * from './schema/rateLimits.ts';

/**
 * The database schema (drizzle), one file per area; drizzle-kit reads it from here
 * (packages/db/drizzle.config.ts) and the app imports it as `schema`.
 */
export * from './schema/accounts.ts';
export * from './schema/cameras.ts';
export * from './schema/events.ts';
export * from './schema/cluster.ts';
export * from './schema/notifications.ts';
export * from './schema/sms.ts';
export * from './schema/billing.ts';
export * from './schema/team.ts';
export * from './schema/api-keys.ts';
export * from './schema/tasks.ts';
export * from './schema/security.ts';
export * from './schema/audit.ts';
export * from './schema/bulk-operations.ts';
export * from './schema/reports.ts';
export * from './schema/camera-imports.ts';
export * from './schema/analytics.ts';
export * from './schema/ai.ts';

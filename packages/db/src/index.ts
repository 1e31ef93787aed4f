export * from './client.ts';
export * from './embedded.ts';
export * from './migrate.ts';
export * from './usage.ts';
export * as schema from './schema.ts';
export { TEMPLATE_DB, withDatabase, cloneTemplate } from './testing.ts';

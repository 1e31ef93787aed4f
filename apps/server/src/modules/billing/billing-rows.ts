import type { schema } from '@vigil/db';

/** The billing tables' row types, for code that shapes rows without reading them (PDF, mails, providers). */
export type PlanRow = typeof schema.plans.$inferSelect;
export type InvoiceRow = typeof schema.invoices.$inferSelect;
export type SubscriptionRow = typeof schema.subscriptions.$inferSelect;

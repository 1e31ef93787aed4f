import { timestamp } from 'drizzle-orm/pg-core';

/** createdAt/updatedAt on every row (spec §3: generic documents receive both stamps). */
export const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stamps } from './stamps.ts';

/**
 * The security dashboard: a person's TOTP second factor and its recovery codes, and
 * the history of sign-in attempts (successes and failures, with the address they came from).
 */

/**
 * One row per person who started enrolling: `enabled_at` null while the code that confirms the
 * enrolment has not been typed. The secret is sealed by lib/secrets.ts; `last_used_step` is the
 * 30 s step of the last accepted code, so a code (or an older one) never works twice.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  ...stamps,
});

/** Ten single-use codes per person, only their SHA-256 stored; a used one keeps its row with `used_at`. */
export const recoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Every sign-in attempt, written with one insert by the sign-in path. `user_id` is null when the
 * email matched no account; `reason` says why a failure failed (wrong-password, unknown-account,
 * two-factor-failed, throttled, disabled), `method` how a success succeeded (password, totp,
 * recovery-code).
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    ok: boolean('ok').notNull(),
    reason: text('reason'),
    method: text('method'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    ...stamps,
  },
  (t) => [
    index('sign_in_attempts_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('sign_in_attempts_created_idx').on(t.createdAt),
  ],
);

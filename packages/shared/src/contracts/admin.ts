import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { isoDate } from './common.ts';

export const setRoleSchema = z.object({ uid: z.string().uuid(), role: z.enum(ROLES) });
export const setDisabledSchema = z.object({ uid: z.string().uuid(), disabled: z.boolean() });

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'interrupted'] as const;

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** Links' tokens hidden ("?token=•••• (hidden)") in mail that goes over SMTP. */
  text: z.string(),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
  transport: z.string(),
  /** queued, sending, sent, failed (refused for good) or interrupted (not resent on its own). */
  status: z.enum(OUTBOX_STATUSES),
  /** Why the last attempt failed, when it did. */
  lastError: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Callables of this installation: name → input schema. */
export const callables = {
  'admin.setUserRole': setRoleSchema,
  'admin.setUserDisabled': setDisabledSchema,
} as const;
export type CallableName = keyof typeof callables;

import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { isoDate } from './common.ts';

export const setRoleSchema = z.object({ uid: z.string().uuid(), role: z.enum(ROLES) });
export const setDisabledSchema = z.object({ uid: z.string().uuid(), disabled: z.boolean() });

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
  transport: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Callables of this installation: name → input schema. */
export const callables = {
  'admin.setUserRole': setRoleSchema,
  'admin.setUserDisabled': setDisabledSchema,
} as const;
export type CallableName = keyof typeof callables;

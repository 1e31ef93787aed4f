import { z } from 'zod';
import { credential, isoDate } from './common.ts';
import { EVENT_KINDS, type EventKind } from './events.ts';

/**
 * The SMS manager (/sms). A workspace's provider account (Twilio first), its message
 * templates, limits, the log of every message with the provider's delivery status, and the numbers
 * that answered STOP.
 */
export * from './sms-values.ts';
import {
  SMS_PROVIDERS,
  SMS_STATUSES,
  SMS_ENCODINGS,
  SMS_TEMPLATE_MAX,
  SMS_RATE_MAX,
  SMS_CAP_MAX,
} from './sms-values.ts';

const templateText = z.string().max(SMS_TEMPLATE_MAX);
const kindTemplates = Object.fromEntries(EVENT_KINDS.map((k) => [k, templateText.optional()])) as Record<
  EventKind,
  z.ZodOptional<typeof templateText>
>;
/** The default template, and optional overrides per event kind (an empty override falls back to the default). */
export const smsTemplatesSchema = z.object({ default: templateText.trim().min(1), ...kindTemplates }).strict();
export type SmsTemplates = z.infer<typeof smsTemplatesSchema>;

export const smsSettingsSchema = z.object({
  /** False until a provider account was saved and checked. */
  configured: z.boolean(),
  provider: z.enum(SMS_PROVIDERS),
  accountSid: z.string().nullable(),
  /** The auth token is never sent back: its last 4 characters, or null when none is saved. */
  authTokenHint: z.string().nullable(),
  fromNumber: z.string().nullable(),
  templates: smsTemplatesSchema,
  ratePerMinute: z.number().int(),
  monthlyCap: z.number().int(),
  enabled: z.boolean(),
  /** Messages counted against the limits right now. */
  usage: z.object({ lastMinute: z.number().int(), thisMonth: z.number().int() }),
  updatedAt: isoDate.nullable(),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;

export const updateSmsSettingsSchema = z
  .object({
    provider: z.enum(SMS_PROVIDERS).default('twilio'),
    accountSid: z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID: AC and 32 hexadecimal characters'),
    /** Omitted: keep the saved token. */
    authToken: credential('auth token', 128, z.string().trim().min(16)).optional(),
    /** E.164, checked with phoneProblem by the service (a field error says why). */
    fromNumber: z.string().trim().min(1).max(20),
    templates: smsTemplatesSchema,
    ratePerMinute: z.number().int().min(1).max(SMS_RATE_MAX),
    monthlyCap: z.number().int().min(1).max(SMS_CAP_MAX),
    enabled: z.boolean(),
  })
  .strict();
export type UpdateSmsSettingsInput = z.input<typeof updateSmsSettingsSchema>;

export const smsTestSchema = z.object({ to: z.string().trim().min(1).max(20) }).strict();

export const smsMessageSchema = z.object({
  id: z.string(),
  deliveryId: z.string().nullable(),
  /** Masked: the middle digits hidden. */
  to: z.string(),
  body: z.string(),
  status: z.enum(SMS_STATUSES),
  /** The provider's error code (Twilio's 30003, 21211…) or ours (opted-out, monthly-cap). */
  errorCode: z.string().nullable(),
  error: z.string().nullable(),
  segments: z.number().int(),
  encoding: z.enum(SMS_ENCODINGS),
  test: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

export const smsMessagesQuerySchema = z.object({
  status: z.enum(SMS_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  startAfter: z.string().max(200).optional(),
});
export const smsMessagePageSchema = z.object({ items: z.array(smsMessageSchema), nextCursor: z.string().nullable() });

export const smsOptOutSchema = z.object({ phone: z.string(), at: isoDate });
export type SmsOptOut = z.infer<typeof smsOptOutSchema>;
export const smsOptOutListSchema = z.object({ items: z.array(smsOptOutSchema) });

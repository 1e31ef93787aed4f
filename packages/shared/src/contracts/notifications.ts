import { z } from 'zod';
import { isoDate } from './common.ts';
import { EVENT_KINDS, EVENT_SEVERITIES } from './events.ts';
/**
 * Who hears about an event, over what, and the record of every delivery.
 *
 * People are reached by rules (push, email, SMS); systems by webhooks and MQTT, which receive every
 * event of the kinds they name. Every send is a `deliveries` row, one per event and destination.
 */
export * from './notification-values.ts';
import {
  PERSON_CHANNELS,
  DELIVERY_CHANNELS,
  RULE_ROLES,
  COOLDOWN_MAX_SECONDS,
  DELIVERY_STATUSES,
} from './notification-values.ts';

const uuid = z.uuid();

const ruleFields = {
  name: z.string().trim().min(1).max(80),
  enabled: z.boolean(),
  /** Empty: every kind. */
  kinds: z.array(z.enum(EVENT_KINDS)).max(EVENT_KINDS.length),
  severities: z.array(z.enum(EVENT_SEVERITIES)).min(1).max(EVENT_SEVERITIES.length),
  /** Empty: every camera of the workspace (and workspace-wide events). */
  cameraIds: z.array(uuid).max(500),
  /** True: only events that happened while their camera was armed. */
  onlyWhenArmed: z.boolean(),
  recipientUserIds: z.array(uuid).max(200),
  recipientRoles: z.array(z.enum(RULE_ROLES)).max(RULE_ROLES.length),
  channels: z.array(z.enum(PERSON_CHANNELS)).min(1).max(PERSON_CHANNELS.length),
  /** At most one notification per camera and kind within this many seconds (0: none). */
  cooldownSeconds: z.number().int().min(0).max(COOLDOWN_MAX_SECONDS),
};

export const notificationRuleSchema = z.object({
  id: z.string(),
  ...ruleFields,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type NotificationRule = z.infer<typeof notificationRuleSchema>;

export const createRuleSchema = z
  .object({
    ...ruleFields,
    enabled: ruleFields.enabled.default(true),
    kinds: ruleFields.kinds.default([]),
    severities: ruleFields.severities.default(['alert']),
    cameraIds: ruleFields.cameraIds.default([]),
    onlyWhenArmed: ruleFields.onlyWhenArmed.default(false),
    recipientUserIds: ruleFields.recipientUserIds.default([]),
    recipientRoles: ruleFields.recipientRoles.default([]),
    cooldownSeconds: ruleFields.cooldownSeconds.default(300),
  })
  .strict();
export type CreateRuleInput = z.input<typeof createRuleSchema>;
export const updateRuleSchema = z.object(ruleFields).partial().strict();
export type UpdateRuleInput = z.infer<typeof updateRuleSchema>;
export const ruleListSchema = z.object({ items: z.array(notificationRuleSchema) });
/** The workspace's people a rule can name (until the team issue lists members elsewhere). */
export const recipientListSchema = z.object({
  items: z.array(z.object({ id: z.string(), displayName: z.string(), email: z.string(), role: z.enum(RULE_ROLES) })),
});
export type Recipient = z.infer<typeof recipientListSchema>['items'][number];

/** Spec §3 device token (collection deviceTokens, keyed by the token). For web push, the token is the subscription's endpoint. */
export const deviceTokenSchema = z.object({
  token: z.string(),
  userId: z.string(),
  platform: z.string(),
  active: z.boolean(),
  lastUsed: isoDate.nullable(),
  userAgent: z.string().nullable(),
});
export type DeviceToken = z.infer<typeof deviceTokenSchema>;
export const saveDeviceTokenSchema = z
  .object({
    token: z.string().min(1).max(2000),
    platform: z.enum(['web', 'android', 'ios']).default('web'),
    userAgent: z.string().max(500).optional(),
    /** A web push subscription's keys (PushSubscription.toJSON().keys); required for platform web. */
    keys: z
      .object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) })
      .strict()
      .optional(),
  })
  .strict();
export type SaveDeviceTokenInput = z.input<typeof saveDeviceTokenSchema>;
/** The public VAPID key the browser subscribes with. */
export const pushConfigSchema = z.object({ vapidPublicKey: z.string() });

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** Masked: the last 4 characters. */
  secretHint: z.string(),
  kinds: z.array(z.enum(EVENT_KINDS)),
  enabled: z.boolean(),
  createdAt: isoDate,
});
export type Webhook = z.infer<typeof webhookSchema>;
export const createWebhookSchema = z
  .object({
    url: z.string().trim().min(1).max(2000),
    secret: z.string().min(16).max(200),
    /** Empty: every kind. */
    kinds: z.array(z.enum(EVENT_KINDS)).max(EVENT_KINDS.length).default([]),
    enabled: z.boolean().default(true),
  })
  .strict();
export const updateWebhookSchema = createWebhookSchema.partial().strict();
export const webhookListSchema = z.object({ items: z.array(webhookSchema) });

/** The workspace's integrations apart from webhooks. */
export const notificationSettingsSchema = z.object({
  /** The MQTT broker URL with any password masked; null: MQTT off. */
  mqttUrl: z.string().nullable(),
  /** Whether Home Assistant MQTT discovery documents are published for each camera. */
  mqttDiscovery: z.boolean(),
});
export const updateNotificationSettingsSchema = z
  .object({ mqttUrl: z.string().trim().max(2000).nullable(), mqttDiscovery: z.boolean().optional() })
  .strict();

export const deliveryAttemptSchema = z.object({
  at: isoDate,
  ok: z.boolean(),
  /** The HTTP (or SMTP) response code when there was one. */
  code: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export const deliverySchema = z.object({
  id: z.string(),
  eventId: z.string().nullable(),
  /** A task's assignment notice rather than an event's alert. */
  taskId: z.string().nullable(),
  channel: z.enum(DELIVERY_CHANNELS),
  /** Masked: an email's name part, a phone's middle digits, a push endpoint's path. */
  destination: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.array(deliveryAttemptSchema),
  lastError: z.string().nullable(),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveriesQuerySchema = z.object({
  channel: z.enum(DELIVERY_CHANNELS).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  eventId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  startAfter: z.string().max(200).optional(),
});
export const deliveryPageSchema = z.object({ items: z.array(deliverySchema), nextCursor: z.string().nullable() });

/** Snoozing a camera's notifications to people (webhooks and MQTT keep receiving). */
export const snoozeSchema = z
  .object({
    minutes: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60),
  })
  .strict();
export const snoozeStateSchema = z.object({ snoozedUntil: isoDate.nullable() });

/** The rule every workspace starts with (also written for existing ones by migration 0013). */
export const DEFAULT_NOTIFICATION_RULE = {
  name: 'Alerts',
  severities: ['alert'],
  recipientRoles: ['owner', 'manager'],
  channels: ['push', 'email'],
} satisfies Partial<CreateRuleInput>;

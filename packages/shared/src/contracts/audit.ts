import { z } from 'zod';
import { isoDate } from './common.ts';

/**
 * The audit log. Who did what, when, from where; append-only and hash-chained (one
 * chain per workspace, one for the installation), with Verify and a CSV export. Owners read their
 * workspace's log; administrators also the installation's (every chain, failed sign-ins included).
 */

/** Every action the server records (dotted: area.verb). The web app words each one. */
export const AUDIT_ACTIONS = [
  'sign-in.succeeded',
  'sign-in.failed',
  'sign-out',
  'password.changed',
  'password.reset',
  'two-factor.enabled',
  'two-factor.disabled',
  'member.invited',
  'member.joined',
  'member.role-changed',
  'member.removed',
  'ownership.transferred',
  'api-key.created',
  'api-key.revoked',
  'api-key.used',
  'camera.created',
  'camera.updated',
  'camera.deleted',
  'camera.import-started',
  'camera.discovery-run',
  'recording.protected',
  'recording.unprotected',
  'recording.deleted',
  'export.created',
  'export.downloaded',
  'export.deleted',
  'live.opened',
  // Someone talked through a camera's loudspeaker (ONVIF backchannel).
  'live.talkback',
  // Steering a camera: a move begun (not each repeat while held), a preset or home reached, presets kept.
  'ptz.moved',
  'ptz.preset-saved',
  'ptz.preset-deleted',
  'settings.time-zone-changed',
  'settings.notifications-changed',
  'settings.sms-changed',
  // The installation's payment and sign-in settings (administrators).
  'settings.payment-changed',
  'settings.sign-in-changed',
  // The disk guard's threshold (administrators).
  'settings.storage-changed',
  'notification-rule.created',
  'notification-rule.updated',
  'notification-rule.deleted',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'plan.changed',
  'plan.pricing-changed',
  // A second Stripe subscription for a workspace that has a live one: canceled on arrival.
  'plan.duplicate-canceled',
  // A paid manual invoice taken back by a credit note (administrators).
  'invoice.refunded',
  'user.role-changed',
  'user.disabled',
  'user.enabled',
  'audit.exported',
  'site.created',
  'site.updated',
  'site.deleted',
  'site.cameras-moved',
  'site.access-changed',
  // A bulk operation (made, finished) and each camera it changed.
  'bulk.operation-created',
  'bulk.camera-changed',
  'bulk.operation-finished',
  'report.created',
  'report.deleted',
  'report-schedule.created',
  'report-schedule.updated',
  'report-schedule.deleted',
  // The workspace's AI providers.
  'ai.settings-updated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTOR_KINDS = ['user', 'api-key', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** The chain of entries that belong to no workspace. */
export const INSTALLATION_CHAIN = 'installation';

export const AUDIT_PAGE_MAX = 200;

const dotted = z
  .string()
  .trim()
  .max(80)
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/, 'an action or its dotted prefix, e.g. camera or camera.created');

/** The filters of the list and of the CSV export. */
export const auditFiltersSchema = z.object({
  /** `installation` (administrators only): every chain of the installation. */
  scope: z.enum(['workspace', 'installation']).default('workspace'),
  /** A person's id, or part of their email or name. */
  person: z.string().trim().min(1).max(200).optional(),
  /** An action (camera.created) or a prefix of one (camera). */
  action: dotted.optional(),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const auditQuerySchema = auditFiltersSchema.extend({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  startAfter: z
    .string()
    .regex(/^\d{1,18}$/, 'a cursor from the previous page')
    .optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditScopeQuerySchema = z.object({ scope: z.enum(['workspace', 'installation']).default('workspace') });

export const auditEntrySchema = z.object({
  id: z.string(),
  /** 'installation' or the workspace's id. */
  chain: z.string(),
  seq: z.number().int(),
  at: isoDate,
  workspaceId: z.string().nullable(),
  actorId: z.string().nullable(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  /** The person as they are named now (null once their account is gone, or for the system). */
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable(),
  apiKeyId: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const AUDIT_BREAK_REASONS = [
  /** The entry's fields no longer give its hash: it was edited. */
  'hash-mismatch',
  /** Its prev_hash is not the previous entry's hash: the one before was edited or replaced. */
  'link-mismatch',
  /** Its seq skips: entries before it were removed. */
  'missing-entries',
  /** The chain ends before its signed checkpoint: entries from here to the checkpoint's were removed. */
  'tail-removed',
  /** A signed checkpoint names a chain that has no entries left: the whole chain was removed. */
  'chain-removed',
  /** The entry a signed checkpoint names no longer has the hash it had: the chain was rewritten. */
  'checkpoint-mismatch',
  /** The checkpoints' signature does not hold: they were edited outside Vigil. */
  'checkpoint-forged',
] as const;

export const auditVerifySchema = z.object({
  ok: z.boolean(),
  /** Entries checked (all of them when ok; up to and including the broken one otherwise). */
  entries: z.number().int(),
  chains: z.number().int(),
  /** The first entry where the chain breaks, or null. */
  brokenAt: z
    .object({
      id: z.string(),
      chain: z.string(),
      seq: z.number().int(),
      at: isoDate,
      reason: z.enum(AUDIT_BREAK_REASONS),
    })
    .nullable(),
  /** When the signed checkpoints compared were written (null: none yet, or forged). */
  checkpointAt: isoDate.nullable(),
  ms: z.number().int(),
});
export type AuditVerifyResult = z.infer<typeof auditVerifySchema>;

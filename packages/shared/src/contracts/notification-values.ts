/**
 * Notification channels, roles, limits and delivery statuses as plain values, without zod: pages
 * import these, and importing them from the contract module would load all of its schemas and zod
 * with them.
 */
export const PERSON_CHANNELS = ['push', 'email', 'sms'] as const;
export type PersonChannel = (typeof PERSON_CHANNELS)[number];
export const DELIVERY_CHANNELS = ['push', 'email', 'sms', 'webhook', 'mqtt'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/** The roles a rule can address; `owner` is the workspace's owner. */
export const RULE_ROLES = ['owner', 'manager', 'operator', 'viewer'] as const;
export type RuleRole = (typeof RULE_ROLES)[number];
export const COOLDOWN_MAX_SECONDS = 24 * 3600;
export const DELIVERY_STATUSES = [
  'pending',
  'sending',
  'retrying',
  'sent',
  /**
   * An email written to the in-app outbox only: no SMTP server is configured, so it waits there
   * unsent (an administrator reads it in the app). Never shown as sent.
   */
  'outbox',
  'failed',
  /** Not sent on purpose: opted out, cap reached, preference off. */
  'skipped',
  /** Waiting for the person's daily digest. */
  'digest',
  /** The worker stopped during the send: not resent on its own, so it can never arrive twice. */
  'interrupted',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

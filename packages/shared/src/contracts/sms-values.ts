/**
 * SMS providers, statuses, encodings and limits as plain values, without zod: pages import these,
 * and importing them from the contract module would load all of its schemas and zod with them.
 */
export const SMS_PROVIDERS = ['twilio'] as const;
export const SMS_STATUSES = [
  /** Accepted by us and handed to (or being handed to) the provider. */
  'queued',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  /** Not sent on purpose: opted out, monthly cap reached. */
  'refused',
] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];
export const SMS_ENCODINGS = ['GSM-7', 'UCS-2'] as const;
export const SMS_TEMPLATE_MAX = 1000;
export const SMS_RATE_MAX = 600;
export const SMS_CAP_MAX = 1_000_000;

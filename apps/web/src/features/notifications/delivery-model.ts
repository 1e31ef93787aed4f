import { DELIVERY_CHANNELS, DELIVERY_STATUSES, type DeliveryChannel, type DeliveryStatus } from '@vigil/shared';

export interface DeliveryFilters {
  channel: DeliveryChannel | '';
  status: DeliveryStatus | '';
}

/** URL parameter names: the settings page hosts other things, so the log's are prefixed. */
export const PARAM_CHANNEL = 'logChannel';
export const PARAM_STATUS = 'logStatus';

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | '' =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : '';

/** Filters from the address bar; anything unknown is ignored rather than sent to the server. */
export function deliveryFiltersOf(params: URLSearchParams): DeliveryFilters {
  return {
    channel: oneOf(DELIVERY_CHANNELS, params.get(PARAM_CHANNEL)),
    status: oneOf(DELIVERY_STATUSES, params.get(PARAM_STATUS)),
  };
}

/** The same parameters with the filters written in (empty ones removed), the others kept. */
export function withDeliveryFilters(params: URLSearchParams, f: DeliveryFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of [
    [PARAM_CHANNEL, f.channel],
    [PARAM_STATUS, f.status],
  ] as const) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** The API query of one page. */
export function deliveryQuery(f: DeliveryFilters, limit: number, startAfter: string | null): string {
  const q = new URLSearchParams({ limit: String(limit) });
  if (f.channel) q.set('channel', f.channel);
  if (f.status) q.set('status', f.status);
  if (startAfter) q.set('startAfter', startAfter);
  return q.toString();
}

/** The server sends again only what did not arrive and is not under way. */
export const canRetry = (status: DeliveryStatus) =>
  status === 'failed' || status === 'interrupted' || status === 'skipped';

export type Tone = 'ok' | 'error' | 'warn' | 'info' | 'neutral';

export function statusTone(status: DeliveryStatus): Tone {
  switch (status) {
    case 'sent':
      return 'ok';
    case 'failed':
      return 'error';
    // Waiting unsent in the in-app outbox until someone configures SMTP.
    case 'outbox':
    case 'interrupted':
    case 'retrying':
      return 'warn';
    case 'pending':
    case 'sending':
      return 'info';
    default:
      return 'neutral';
  }
}

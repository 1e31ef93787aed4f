import { createHmac } from 'node:crypto';
import type { DeliveryContext } from '../../lib/delivery-channel.ts';

/**
 * What a webhook receives, and the signature it can check: HMAC-SHA256 with the webhook's secret
 * over "<unix seconds>.<body>", sent as `X-Vigil-Signature: t=<unix>,v1=<hex>`. A receiver
 * recomputes it, compares in constant time, and refuses a `t` older than a few minutes (replay);
 * `X-Vigil-Delivery` is the same on every attempt of one delivery, for receivers that deduplicate.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export function webhookBody(ctx: DeliveryContext, now = new Date()): string {
  const e = ctx.event;
  return JSON.stringify({
    id: ctx.delivery.id,
    type: e ? 'event.created' : 'test',
    createdAt: now.toISOString(),
    workspaceId: ctx.delivery.workspaceId,
    event: e && {
      id: e.id,
      kind: e.kind,
      severity: e.severity,
      cameraId: e.cameraId,
      cameraName: e.cameraName,
      startAt: e.startAt.toISOString(),
      endAt: e.endAt?.toISOString() ?? null,
      armed: e.armed,
      zones: e.zones,
      detail: e.detail,
      imageUrl: ctx.imageUrl,
      url: ctx.link,
    },
  });
}

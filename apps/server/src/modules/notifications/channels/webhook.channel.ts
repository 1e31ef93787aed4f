import type { DbOrTx } from '@vigil/db';
import { pinnedRequest } from '../../../lib/pinned-http.ts';
import { checkTarget, type OutboundPolicy } from '../../../lib/outbound-policy.ts';
import { redactCredentials } from '../../../lib/redact.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { signatureHeader, webhookBody } from '../webhook-payload.ts';
import { webhooksRepo } from '../webhooks.repo.ts';
import type { Channel, DeliveryContext, SendResult } from '../../../lib/delivery-channel.ts';

const TIMEOUT_MS = 10_000;

/** 5xx, 408 and 429 are worth another try; any other answer is the receiver's final word. */
const retryable = (status: number) => status >= 500 || status === 408 || status === 429;

/** Posts one signed JSON delivery to a webhook (the URL re-checked against the policy each time). */
export async function postWebhook(
  hook: { url: string; secret: string },
  ctx: DeliveryContext,
  deps: { policy: OutboundPolicy; timeoutMs?: number },
): Promise<SendResult> {
  let target: Awaited<ReturnType<typeof checkTarget>>;
  try {
    target = await checkTarget(hook.url, deps.policy);
  } catch (e) {
    return { ok: false, retry: false, error: (e as Error).message };
  }
  const body = webhookBody(ctx);
  try {
    const res = await pinnedRequest(target, {
      method: 'POST',
      body,
      timeoutMs: deps.timeoutMs ?? TIMEOUT_MS,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Vigil-Webhooks/1',
        'x-vigil-signature': signatureHeader(hook.secret, body, Math.floor(Date.now() / 1000)),
        'x-vigil-delivery': ctx.delivery.id,
        'x-vigil-event': ctx.event?.kind ?? 'test',
      },
    });
    if (res.status >= 200 && res.status < 300) return { ok: true, code: res.status };
    return {
      ok: false,
      retry: retryable(res.status),
      code: res.status,
      error: `The receiver answered ${res.status}${res.body ? `: ${res.body.slice(0, 200)}` : ''}`,
    };
  } catch (e) {
    return { ok: false, retry: true, error: redactCredentials((e as Error).message, [hook.secret]) };
  }
}

export function createWebhookChannel(deps: { db: DbOrTx; secrets: SecretBox; policy: OutboundPolicy }): Channel {
  return {
    async send(ctx) {
      const hook = await webhooksRepo.byId(deps.db, ctx.delivery.workspaceId, ctx.delivery.target);
      if (!hook?.enabled)
        return { ok: false, retry: false, skipped: true, error: 'The webhook was removed or turned off.' };
      return postWebhook({ url: hook.url, secret: deps.secrets.open(hook.secret) }, ctx, deps);
    },
  };
}

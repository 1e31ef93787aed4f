import type { Db } from '@vigil/db';
import { createWebhookSchema, type updateWebhookSchema, type Webhook } from '@vigil/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.module.ts';
import { checkTarget, type OutboundPolicy } from '../../lib/outbound-policy.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { SendResult } from '../../lib/delivery-channel.ts';
import { postWebhook } from './channels/webhook.channel.ts';
import { eventLink } from './event-image.ts';
import type { Actor } from './rules.service.ts';
import { type WebhookRow, webhooksRepo } from './webhooks.repo.ts';

const toWebhook = (w: WebhookRow, secret: string): Webhook => ({
  id: w.id,
  url: w.url,
  secretHint: `••••${secret.slice(-4)}`,
  kinds: w.kinds as Webhook['kinds'],
  enabled: w.enabled,
  createdAt: w.createdAt.toISOString(),
});

/** Webhook destinations: URL (the outbound policy, checked at save and at every send), sealed secret, kinds. */
/** A webhook in the audit log: its origin only (a path or query may hold a receiver's token). */
const webhookTarget = (w: WebhookRow) => ({
  targetType: 'webhook',
  targetId: w.id,
  details: { origin: new URL(w.url).origin } as Record<string, unknown>,
});

export function createWebhooksService(deps: { db: Db; secrets: SecretBox; policy: OutboundPolicy; publicUrl: string }) {
  const { db, secrets } = deps;
  const view = (w: WebhookRow) => toWebhook(w, secrets.open(w.secret));
  const checkUrl = async (url: string) => {
    const t = await checkTarget(url, deps.policy);
    if (!/^https?:$/.test(new URL(t.url).protocol))
      throw new AppError('invalid-argument', 'Invalid request parameters.', { url: 'must be an http or https URL' });
    return t.url;
  };

  return {
    async list(actor: Actor): Promise<Webhook[]> {
      return (await webhooksRepo.list(db, actor.workspaceId)).map(view);
    },
    async create(actor: Actor, input: z.input<typeof createWebhookSchema>): Promise<Webhook> {
      const w = createWebhookSchema.parse(input);
      const url = await checkUrl(w.url);
      return db.transaction(async (tx) => {
        const row = await webhooksRepo.insert(tx, {
          workspaceId: actor.workspaceId,
          url,
          secret: secrets.seal(w.secret),
          kinds: [...new Set(w.kinds)],
          enabled: w.enabled,
        });
        await audit.record(tx, { action: 'webhook.created', ...webhookTarget(row) });
        return view(row);
      });
    },
    async update(actor: Actor, id: string, patch: z.infer<typeof updateWebhookSchema>): Promise<Webhook> {
      if (!Object.keys(patch).length) {
        const current = await webhooksRepo.byId(db, actor.workspaceId, id);
        if (!current) throw new AppError('not-found');
        return view(current);
      }
      const url = patch.url !== undefined ? await checkUrl(patch.url) : undefined;
      return db.transaction(async (tx) => {
        const row = await webhooksRepo.update(tx, actor.workspaceId, id, {
          ...(url !== undefined ? { url } : {}),
          ...(patch.secret !== undefined ? { secret: secrets.seal(patch.secret) } : {}),
          ...(patch.kinds !== undefined ? { kinds: [...new Set(patch.kinds)] } : {}),
          ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
        });
        if (!row) throw new AppError('not-found');
        const target = webhookTarget(row);
        await audit.record(tx, {
          action: 'webhook.updated',
          ...target,
          details: { ...target.details, fields: Object.keys(patch) },
        });
        return view(row);
      });
    },
    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await webhooksRepo.remove(tx, actor.workspaceId, id))) throw new AppError('not-found');
        await audit.record(tx, { action: 'webhook.deleted', targetType: 'webhook', targetId: id });
      });
    },
    /** A signed `test` delivery now, answered with the receiver's response (not logged as a delivery). */
    async test(actor: Actor, id: string): Promise<SendResult> {
      const row = await webhooksRepo.byId(db, actor.workspaceId, id);
      if (!row) throw new AppError('not-found');
      return postWebhook(
        { url: row.url, secret: secrets.open(row.secret) },
        {
          delivery: {
            id: `test-${Date.now()}`,
            workspaceId: actor.workspaceId,
            channel: 'webhook',
            target: id,
            userId: null,
            attempt: 1,
          },
          event: null,
          link: eventLink(deps.publicUrl, ''),
          imageUrl: null,
        },
        deps,
      );
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;

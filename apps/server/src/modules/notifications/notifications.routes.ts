import {
  createRuleSchema,
  createWebhookSchema,
  deliveriesQuerySchema,
  deliveryPageSchema,
  notificationRuleSchema,
  recipientListSchema,
  ruleListSchema,
  updateRuleSchema,
  updateWebhookSchema,
  webhookListSchema,
  webhookSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { DeliveriesService } from './deliveries.service.ts';
import type { RulesService } from './rules.service.ts';
import type { WebhooksService } from './webhooks.service.ts';

const tags = ['notifications'];
// Owners (user → manager), managers and admins decide who is told what, and read the log.
const managers = access.roles('manager', 'admin');
const actor = (req: FastifyRequest) => ({ ...scopedActor(req.session!), uid: req.session!.user.id });
const testResultSchema = z.object({ ok: z.boolean(), code: z.number().int().nullable(), error: z.string().nullable() });

export function notificationsRoutes(
  app: FastifyInstance,
  { rules, webhooks, deliveries }: { rules: RulesService; webhooks: WebhooksService; deliveries: DeliveriesService },
) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/notification-rules/recipients',
    {
      access: managers,
      summary: 'The workspace’s people a rule can name, with their role',
      response: recipientListSchema,
    },
    async (req) => ({ items: await rules.people(actor(req)) }),
  );
  route.get(
    '/api/v1/notification-rules',
    { access: managers, summary: 'The workspace’s notification rules', response: ruleListSchema },
    async (req) => ({ items: await rules.list(actor(req)) }),
  );
  route.post(
    '/api/v1/notification-rules',
    {
      access: managers,
      summary:
        'Create a rule: which kinds and severities, from which cameras, armed or always, to whom, over which channels',
      body: createRuleSchema,
      response: notificationRuleSchema,
      status: 201,
    },
    (req) => rules.create(actor(req), req.body),
  );
  route.object('/api/v1/notification-rules/:id', actor, rules, {
    get: { access: managers, summary: 'One rule', response: notificationRuleSchema },
    update: { access: managers, summary: 'Change a rule', body: updateRuleSchema, response: notificationRuleSchema },
    remove: { access: managers, summary: 'Delete a rule' },
  });

  route.get(
    '/api/v1/webhooks',
    { access: managers, summary: 'Webhook destinations (secrets masked)', response: webhookListSchema },
    async (req) => ({ items: await webhooks.list(actor(req)) }),
  );
  route.post(
    '/api/v1/webhooks',
    {
      access: managers,
      summary:
        'Add a webhook: each event of its kinds is POSTed as JSON with X-Vigil-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">',
      body: createWebhookSchema,
      response: webhookSchema,
      status: 201,
    },
    (req) => webhooks.create(actor(req), req.body),
  );
  route.object('/api/v1/webhooks/:id', actor, webhooks, {
    update: { access: managers, summary: 'Change a webhook', body: updateWebhookSchema, response: webhookSchema },
    remove: { access: managers, summary: 'Delete a webhook' },
  });
  route.post(
    '/api/v1/webhooks/:id/test',
    {
      access: managers,
      summary: 'Send a signed test delivery now; answers the receiver’s response',
      params: idParams,
      response: testResultSchema,
    },
    async (req) => {
      const res = await webhooks.test(actor(req), req.params.id);
      return { ok: res.ok, code: res.code ?? null, error: res.ok ? null : res.error };
    },
  );

  route.get(
    '/api/v1/deliveries',
    {
      access: managers,
      summary: 'The delivery log, newest first: each delivery with its attempts (destinations masked)',
      querystring: deliveriesQuerySchema,
      response: deliveryPageSchema,
    },
    (req) => deliveries.page(actor(req), req.query),
  );
  route.post(
    '/api/v1/deliveries/:id/retry',
    {
      access: managers,
      summary: 'Send a failed, interrupted or skipped delivery again',
      params: idParams,
      status: 202,
    },
    (req) => deliveries.retry(actor(req), req.params.id),
  );
}

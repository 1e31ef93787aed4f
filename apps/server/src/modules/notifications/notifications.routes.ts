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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { DeliveriesService } from './deliveries.service.ts';
import type { RulesService } from './rules.service.ts';
import type { WebhooksService } from './webhooks.service.ts';

const tags = ['notifications'];
const idParams = z.object({ id: z.uuid() });
// Owners (user → manager), managers and admins decide who is told what, and read the log.
const managers = access.roles('manager', 'admin');
const actor = (req: FastifyRequest) => ({ ...scopedActor(req.session!), uid: req.session!.user.id });
const testResultSchema = z.object({ ok: z.boolean(), code: z.number().int().nullable(), error: z.string().nullable() });

export function notificationsRoutes(
  app: FastifyInstance,
  deps: { rules: RulesService; webhooks: WebhooksService; deliveries: DeliveriesService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rules, webhooks, deliveries } = deps;

  r.get(
    '/api/v1/notification-rules/recipients',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'The workspace’s people a rule can name, with their role',
        response: { 200: recipientListSchema },
      },
    },
    async (req) => ({ items: await rules.people(actor(req)) }),
  );
  r.get(
    '/api/v1/notification-rules',
    {
      config: { access: managers },
      schema: { tags, summary: 'The workspace’s notification rules', response: { 200: ruleListSchema } },
    },
    async (req) => ({ items: await rules.list(actor(req)) }),
  );
  r.post(
    '/api/v1/notification-rules',
    {
      config: { access: managers },
      schema: {
        tags,
        summary:
          'Create a rule: which kinds and severities, from which cameras, armed or always, to whom, over which channels',
        body: createRuleSchema,
        response: { 201: notificationRuleSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await rules.create(actor(req), req.body)),
  );
  r.get(
    '/api/v1/notification-rules/:id',
    {
      config: { access: managers },
      schema: { tags, summary: 'One rule', params: idParams, response: { 200: notificationRuleSchema } },
    },
    async (req) => rules.get(actor(req), req.params.id),
  );
  r.patch(
    '/api/v1/notification-rules/:id',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Change a rule',
        params: idParams,
        body: updateRuleSchema,
        response: { 200: notificationRuleSchema },
      },
    },
    async (req) => rules.update(actor(req), req.params.id, req.body),
  );
  r.delete(
    '/api/v1/notification-rules/:id',
    { config: { access: managers }, schema: { tags, summary: 'Delete a rule', params: idParams } },
    async (req, reply) => {
      await rules.remove(actor(req), req.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/v1/webhooks',
    {
      config: { access: managers },
      schema: { tags, summary: 'Webhook destinations (secrets masked)', response: { 200: webhookListSchema } },
    },
    async (req) => ({ items: await webhooks.list(actor(req)) }),
  );
  r.post(
    '/api/v1/webhooks',
    {
      config: { access: managers },
      schema: {
        tags,
        summary:
          'Add a webhook: each event of its kinds is POSTed as JSON with X-Vigil-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">',
        body: createWebhookSchema,
        response: { 201: webhookSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await webhooks.create(actor(req), req.body)),
  );
  r.patch(
    '/api/v1/webhooks/:id',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Change a webhook',
        params: idParams,
        body: updateWebhookSchema,
        response: { 200: webhookSchema },
      },
    },
    async (req) => webhooks.update(actor(req), req.params.id, req.body),
  );
  r.delete(
    '/api/v1/webhooks/:id',
    { config: { access: managers }, schema: { tags, summary: 'Delete a webhook', params: idParams } },
    async (req, reply) => {
      await webhooks.remove(actor(req), req.params.id);
      return reply.status(204).send();
    },
  );
  r.post(
    '/api/v1/webhooks/:id/test',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Send a signed test delivery now; answers the receiver’s response',
        params: idParams,
        response: { 200: testResultSchema },
      },
    },
    async (req) => {
      const res = await webhooks.test(actor(req), req.params.id);
      return { ok: res.ok, code: res.code ?? null, error: res.ok ? null : res.error };
    },
  );

  r.get(
    '/api/v1/deliveries',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'The delivery log, newest first: each delivery with its attempts (destinations masked)',
        querystring: deliveriesQuerySchema,
        response: { 200: deliveryPageSchema },
      },
    },
    async (req) => deliveries.page(actor(req), req.query),
  );
  r.post(
    '/api/v1/deliveries/:id/retry',
    {
      config: { access: managers },
      schema: { tags, summary: 'Send a failed, interrupted or skipped delivery again', params: idParams },
    },
    async (req, reply) => {
      await deliveries.retry(actor(req), req.params.id);
      return reply.status(202).send();
    },
  );
}

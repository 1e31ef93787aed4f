import { billingSchema, webhookEventListSchema, webhookEventSchema, WEBHOOK_EVENT_STATUSES } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../../lib/api-route.ts';
import { access } from '../../../plugins/access.ts';
import type { BillingService } from '../billing.service.ts';
import { billingActor } from '../billing.routes.ts';
import type { StripeWebhooks } from './stripe-webhooks.service.ts';

const tags = ['billing'];

/** Stripe's webhook (raw body, its signature), the admin's failed events, and the return from Checkout. */
export function stripeRoutes(app: FastifyInstance, deps: { webhooks: StripeWebhooks; billing: BillingService }) {
  const { webhooks } = deps;

  // The signature is over the exact bytes Stripe sent: this route alone keeps the body as a Buffer.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/billing/webhooks/stripe',
      {
        config: { access: access.public },
        bodyLimit: 1024 * 1024,
        schema: {
          tags,
          summary:
            'Stripe’s webhook: signed (Stripe-Signature, the webhook secret of Admin › Payment settings); each event applied once',
          response: {
            200: z.object({ received: z.literal(true), result: z.enum(['applied', 'ignored', 'duplicate']) }),
          },
        },
      },
      async (req) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
        const signature = req.headers['stripe-signature'];
        return webhooks.receive(body, typeof signature === 'string' ? signature : undefined);
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  const route = apiRoutes(app, tags);
  route.post(
    '/api/v1/billing/checkout/sync',
    {
      access: access.roles('manager', 'admin'),
      summary: 'Back from Stripe Checkout: read the session from Stripe now (the webhook may be late) and apply it',
      body: z.object({ sessionId: z.string().min(1).max(255) }).strict(),
      response: billingSchema,
    },
    async (req) => {
      const { workspaceId } = billingActor(req);
      await webhooks.syncCheckout(workspaceId, req.body.sessionId);
      return deps.billing.billing(workspaceId);
    },
  );

  r.get(
    '/api/v1/admin/webhook-events',
    {
      config: { access: access.roles('admin') },
      schema: {
        tags: ['admin', ...tags],
        summary: 'Stripe events received, newest first (status=failed: the ones to retry)',
        querystring: z.object({ status: z.enum(WEBHOOK_EVENT_STATUSES).optional() }).strict(),
        response: { 200: webhookEventListSchema },
      },
    },
    async (req) => webhooks.list(req.query.status),
  );

  r.post(
    '/api/v1/admin/webhook-events/:id/retry',
    {
      config: { access: access.roles('admin') },
      schema: {
        tags: ['admin', ...tags],
        summary: 'Apply a failed Stripe event again from its stored payload (still exactly once)',
        params: z.object({ id: z.string().min(1).max(255) }),
        response: { 200: webhookEventSchema },
      },
    },
    async (req) => webhooks.retry(req.params.id),
  );
}

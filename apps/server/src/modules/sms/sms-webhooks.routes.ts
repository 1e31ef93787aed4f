import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';
import { INBOUND_PATH, STATUS_CALLBACK_PATH } from './sms-sender.service.ts';
import type { SmsWebhooksService } from './sms-webhooks.service.ts';

const tags = ['sms'];
const field = z.string().max(4000);
const sid = z.string().min(1).max(64);
// Every parameter is kept: the signature covers all of them.
const statusBody = z
  .object({ AccountSid: sid, MessageSid: sid, MessageStatus: z.string().min(1).max(32) })
  .catchall(field);
const inboundBody = z
  .object({ AccountSid: sid, From: z.string().min(1).max(64), To: z.string().min(1).max(64) })
  .catchall(field);
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * Twilio's calls (public, proven by X-Twilio-Signature). They come form-encoded, so this scope
 * alone parses application/x-www-form-urlencoded; every other route keeps JSON only.
 */
export function smsWebhookRoutes(app: FastifyInstance, deps: { webhooks: SmsWebhooksService; publicUrl: string }) {
  const { webhooks, publicUrl } = deps;
  // The body passed its schema: string fields only (catchall).
  const signed = (req: FastifyRequest) => ({
    url: publicUrl + req.url,
    params: req.body as Record<string, string>,
    signature: req.headers['x-twilio-signature'] as string | undefined,
  });

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      // Object.fromEntries defines own properties: a "__proto__" field is just a field.
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      STATUS_CALLBACK_PATH,
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'Twilio status callback (form-encoded, X-Twilio-Signature): a message’s delivery status',
          consumes: ['application/x-www-form-urlencoded'],
          body: statusBody,
        },
      },
      async (req, reply) => {
        await webhooks.status(signed(req));
        return reply.type('text/xml').send(EMPTY_TWIML);
      },
    );

    r.post(
      INBOUND_PATH,
      {
        config: { access: access.public },
        schema: {
          tags,
          summary:
            'Twilio inbound message (form-encoded, X-Twilio-Signature): STOP and START replies; answers empty TwiML',
          consumes: ['application/x-www-form-urlencoded'],
          body: inboundBody,
        },
      },
      async (req, reply) => {
        await webhooks.inbound(signed(req));
        return reply.type('text/xml').send(EMPTY_TWIML);
      },
    );
  });
}

import {
  smsMessagePageSchema,
  smsMessageSchema,
  smsMessagesQuerySchema,
  smsOptOutListSchema,
  smsSettingsSchema,
  smsTestSchema,
  updateSmsSettingsSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { SmsService } from './sms.service.ts';

const tags = ['sms'];
// Owners and managers run the SMS manager; the settings and the log hold phone numbers and costs.
const managers = access.roles('manager', 'admin');

const actor = (req: FastifyRequest) => scopedActor(req.session!);

export function smsRoutes(app: FastifyInstance, deps: { sms: SmsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sms } = deps;

  r.get(
    '/api/v1/sms/settings',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'The workspace’s SMS provider account (auth token masked), templates, limits and usage',
        response: { 200: smsSettingsSchema },
      },
    },
    async (req) => sms.settings(actor(req)),
  );

  r.put(
    '/api/v1/sms/settings',
    {
      config: { access: managers },
      schema: {
        tags,
        summary:
          'Save the SMS settings: the account is checked with the provider first (nothing saved if refused); without authToken the saved one stays; templates may use {camera}, {kind}, {time}, {link}',
        body: updateSmsSettingsSchema,
        response: { 200: smsSettingsSchema },
      },
    },
    async (req) => sms.saveSettings(actor(req), req.body),
  );

  r.post(
    '/api/v1/sms/test',
    {
      config: { access: managers },
      schema: {
        tags,
        summary:
          'Send a test SMS now to an E.164 number (opt-outs, the rate per minute and the monthly cap apply); logged',
        body: smsTestSchema,
        response: { 200: smsMessageSchema },
      },
    },
    async (req) => sms.sendTest(actor(req), req.body.to),
  );

  r.get(
    '/api/v1/sms/messages',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'The SMS log, newest first, with each message’s delivery status (keyset paging by startAfter)',
        querystring: smsMessagesQuerySchema,
        response: { 200: smsMessagePageSchema },
      },
    },
    async (req) => sms.messages(actor(req), req.query),
  );

  r.get(
    '/api/v1/sms/opt-outs',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Numbers that answered STOP and receive no SMS',
        response: { 200: smsOptOutListSchema },
      },
    },
    async (req) => sms.optOuts(actor(req)),
  );

  r.delete(
    '/api/v1/sms/opt-outs/:phone',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Allow an opted-out number again',
        params: z.object({ phone: z.string().min(1).max(20) }),
      },
    },
    async (req, reply) => {
      await sms.removeOptOut(actor(req), req.params.phone);
      return reply.status(204).send();
    },
  );
}

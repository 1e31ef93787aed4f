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
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { SmsService } from './sms.service.ts';

const tags = ['sms'];
// Owners and managers run the SMS manager; the settings and the log hold phone numbers and costs.
const managers = access.roles('manager', 'admin');

const actor = (req: FastifyRequest) => scopedActor(req.session!);

export function smsRoutes(app: FastifyInstance, { sms }: { sms: SmsService }) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/sms/settings',
    {
      access: managers,
      summary: 'The workspace’s SMS provider account (auth token masked), templates, limits and usage',
      response: smsSettingsSchema,
    },
    (req) => sms.settings(actor(req)),
  );

  route.put(
    '/api/v1/sms/settings',
    {
      access: managers,
      summary:
        'Save the SMS settings: the account is checked with the provider first (nothing saved if refused); without authToken the saved one stays; templates may use {camera}, {kind}, {time}, {link}',
      body: updateSmsSettingsSchema,
      response: smsSettingsSchema,
    },
    (req) => sms.saveSettings(actor(req), req.body),
  );

  route.post(
    '/api/v1/sms/test',
    {
      access: managers,
      summary:
        'Send a test SMS now to an E.164 number (opt-outs, the rate per minute and the monthly cap apply); logged',
      body: smsTestSchema,
      response: smsMessageSchema,
    },
    (req) => sms.sendTest(actor(req), req.body.to),
  );

  route.get(
    '/api/v1/sms/messages',
    {
      access: managers,
      summary: 'The SMS log, newest first, with each message’s delivery status (keyset paging by startAfter)',
      querystring: smsMessagesQuerySchema,
      response: smsMessagePageSchema,
    },
    (req) => sms.messages(actor(req), req.query),
  );

  route.get(
    '/api/v1/sms/opt-outs',
    { access: managers, summary: 'Numbers that answered STOP and receive no SMS', response: smsOptOutListSchema },
    (req) => sms.optOuts(actor(req)),
  );

  route.delete(
    '/api/v1/sms/opt-outs/:phone',
    {
      access: managers,
      summary: 'Allow an opted-out number again',
      params: z.object({ phone: z.string().min(1).max(20) }),
      status: 204,
    },
    (req) => sms.removeOptOut(actor(req), req.params.phone),
  );
}

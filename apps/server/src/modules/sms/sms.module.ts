import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import type { SecretBox } from '../../lib/secrets.ts';
import { smsWebhookRoutes } from './sms-webhooks.routes.ts';
import { createSmsWebhooksService } from './sms-webhooks.service.ts';
import { smsRoutes } from './sms.routes.ts';
import { createSmsService } from './sms.service.ts';
import { twilioProvider } from './twilio-provider.ts';

/** The SMS manager's front door for a serve process: its API and the provider's signed callbacks. */
export function smsModule(
  app: FastifyInstance,
  deps: { db: Db; secrets: SecretBox; publicUrl: string; twilioApiUrl: string },
): void {
  const smsDeps = {
    db: deps.db,
    secrets: deps.secrets,
    providers: twilioProvider(deps.twilioApiUrl),
    publicUrl: deps.publicUrl,
  };
  smsRoutes(app, { sms: createSmsService(smsDeps) });
  smsWebhookRoutes(app, { webhooks: createSmsWebhooksService(smsDeps), publicUrl: deps.publicUrl });
}

import { defineModule } from '../../kernel/module.ts';
import { smsWebhookRoutes } from './sms-webhooks.routes.ts';
import { createSmsWebhooksService } from './sms-webhooks.service.ts';
import { smsRoutes } from './sms.routes.ts';
import { createSmsService } from './sms.service.ts';
import { twilioProvider } from './twilio-provider.ts';

export { createSmsChannel } from './sms-channel.service.ts';
export { twilioProvider } from './twilio-provider.ts';

/**
 * The SMS manager: its API and the provider's signed callbacks. Texts themselves go out as a
 * notification channel (the notifications module's work part).
 */
export const smsModule = defineModule({
  name: 'sms',
  auditActions: ['settings.sms-changed'],
  serve: {
    register: (app, { db, secrets, config }) => {
      const deps = { db, secrets, providers: twilioProvider(config.twilioApiUrl), publicUrl: config.publicUrl };
      smsRoutes(app, { sms: createSmsService(deps) });
      smsWebhookRoutes(app, { webhooks: createSmsWebhooksService(deps), publicUrl: config.publicUrl });
    },
  },
});

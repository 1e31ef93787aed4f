import { defineModule } from '../../kernel/module.ts';
import { type MailService, createMailService } from './mail.service.ts';

export type { RichMail } from './mail.service.ts';

export { MailDeliveryError, type MailService } from './mail.service.ts';

declare module '../../kernel/module.ts' {
  interface ServiceMap {
    mail: MailService;
  }
}

/** Outgoing mail (SMTP, or the outbox table without one): no routes, one service per process. */
export const mailModule = defineModule({
  name: 'mail',
  provides: {
    mail: ({ db, config, log }) => createMailService({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
  },
});

import { defineModule } from '../../kernel/module.ts';
import { createMailSender } from './mail-send.service.ts';
import { type MailService, createMailService } from './mail.service.ts';

export type { PlainMail, RichMail } from './mail.service.ts';

export { MailDeliveryError, type MailService } from './mail.service.ts';

declare module '../../kernel/module.ts' {
  interface ServiceMap {
    mail: MailService;
  }
}

/**
 * Outgoing mail (SMTP, or the outbox table without one): no routes, one service per process.
 * Work: `mail-send` sends a queued mail (retried by the queue), `mail-retention` hides old links'
 * tokens and deletes old mail (daily).
 */
export const mailModule = defineModule({
  name: 'mail',
  provides: {
    mail: ({ db, config }) =>
      createMailService({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, support: config.support }),
  },
  work: {
    crontab: ['40 3 * * * mail-retention ?max=1&jobKey=mail-retention'],
    start: ({ db, config, log }) => {
      const sender = createMailSender({ db, smtpUrl: config.smtpUrl, from: config.mailFrom });
      return {
        tasks: {
          'mail-send': (p, job) => sender.send(p.outboxId, job),
          'mail-retention': async () => {
            const { masked, deleted } = await sender.purge();
            if (masked || deleted) log(`outbox: ${masked} mail(s) lost their link tokens, ${deleted} deleted`);
          },
        },
      };
    },
  },
});

import type { Db } from '@vigil/db';
import nodemailer from 'nodemailer';
import { FinalJobError } from '../jobs/jobs.module.ts';
import { smtpFailure } from './mail.service.ts';
import { mailRepo } from './mail.repo.ts';

export const INTERRUPTED =
  'The worker stopped during the send, so whether the mail arrived is unknown; it is not sent again on its own, so it can never arrive twice. Retry this job to send it anyway.';

/** Link tokens are hidden after this many days (an invitation lives 7 days, a reset link an hour). */
export const MAIL_LINK_DAYS = 7;
/** Sent (or failed) mail is kept this long, then deleted. */
export const MAIL_KEEP_DAYS = 30;

/**
 * The `mail-send` job: one attempt at one queued mail. The row's status is the lock that makes
 * "never twice" hold: an attempt first moves it from queued to sending, so a mail already sent is
 * never sent again. A row found still "sending" belonged to a worker that died mid-send (SMTP may
 * have taken it): it becomes interrupted and its job ends in the failed jobs at once, where an
 * administrator decides. Retrying a failed job there starts its attempts from one again, which is
 * how a person's "send it anyway" is told apart from the queue's own retries.
 */
export function createMailSender(deps: { db: Db; smtpUrl?: string; from: string }) {
  const { db } = deps;
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;

  return {
    async send(outboxId: string, job: { attempts: number; maxAttempts: number }): Promise<void> {
      const row = await mailRepo.byId(db, outboxId);
      // Gone with retention, or sent already: nothing to do. Without SMTP (removed since it was
      // queued) the outbox keeps it, as it keeps all mail then.
      if (!row || row.status === 'sent' || !transport) return;
      if (row.status === 'sending') {
        await mailRepo.finish(db, row.id, 'interrupted', INTERRUPTED);
        throw new FinalJobError(INTERRUPTED);
      }
      const askedByPerson = job.attempts === 1 && row.status !== 'queued';
      const claimed = await mailRepo.claim(db, row.id, askedByPerson ? ['interrupted', 'failed'] : ['queued']);
      if (!claimed) throw new FinalJobError(row.lastError ?? `This mail is ${row.status}; it is not sent again.`);
      try {
        await transport.sendMail({
          from: deps.from,
          to: claimed.to,
          subject: claimed.subject,
          text: claimed.text,
          ...(claimed.html ? { html: claimed.html } : {}),
        });
      } catch (e) {
        const failure = smtpFailure(e);
        const last = failure.permanent || job.attempts >= job.maxAttempts;
        await mailRepo.finish(db, row.id, last ? 'failed' : 'queued', failure.message);
        // A 5xx is the server's final word: another try would be refused the same way.
        throw failure.permanent ? new FinalJobError(failure.message) : failure;
      }
      await mailRepo.sent(db, row.id);
    },

    /** The daily retention pass over the outbox. */
    purge: () => mailRepo.purge(db, MAIL_LINK_DAYS, MAIL_KEEP_DAYS),
  };
}

import type { Db } from '@vigil/db';
import { AppError } from '../../lib/app-error.ts';
import { publish } from '../../lib/realtime.ts';
import { maskEmail } from './masks.ts';
import { mailRecipientsRepo } from './mail-recipients.repo.ts';
import { unsubscribeTokenValid } from './unsubscribe-token.ts';

export interface UnsubscribeResult {
  channel: 'email';
  /** The address that will no longer receive notification mail, masked. */
  email: string;
}

const BAD_LINK =
  'This unsubscribe link is not valid. Open it again from the email, or sign in to change your notification preferences.';

/**
 * Unsubscribing from a mail's link, without a session: the signed link is the permission. It turns
 * the person's notification emails and daily digest off (their other channels stay as they are),
 * and is idempotent: a second click, or a mail client's one-click POST after the page's, changes nothing.
 */
export function createUnsubscribeService(deps: { db: Db; authSecret: string }) {
  return {
    async unsubscribe(input: { u: string; t: string }): Promise<UnsubscribeResult> {
      if (!unsubscribeTokenValid(deps.authSecret, input.u, input.t)) throw new AppError('permission-denied', BAD_LINK);
      return deps.db.transaction(async (tx) => {
        const person = await mailRecipientsRepo.byId(tx, input.u);
        // A valid link of an account deleted since: nothing is sent to it anyway.
        if (!person || !(await mailRecipientsRepo.optOutOfEmail(tx, person.id)))
          return { channel: 'email' as const, email: '•••' };
        // Open apps of this person (and the admin's user list) reread the preferences.
        await publish(tx, { topic: 'me', uid: person.id });
        await publish(tx, { topic: 'admin.users', uid: person.id });
        return { channel: 'email' as const, email: maskEmail(person.email) };
      });
    },
  };
}
export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;

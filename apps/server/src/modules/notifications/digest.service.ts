import type { Db } from '@vigil/db';
import type { EventKind } from '@vigil/shared';
import { redactCredentials } from '../../lib/redact.ts';
import { MailDeliveryError, type MailService } from '../mail/mail.module.ts';
import { deliveriesRepo } from './deliveries.repo.ts';
import { type DigestEntry, digestMail } from './digest-content.ts';
import { eventLink } from './event-image.ts';
import { type MailRecipient, mailRecipientsRepo } from './mail-recipients.repo.ts';
import { maskEmail } from './masks.ts';
import { mailLanguage } from './mail-text.ts';
import { unsubscribeHeaders, unsubscribePageUrl } from './unsubscribe-token.ts';

/** The local hour (in each person's time zone) the digest goes out; the job runs every hour. */
export const DIGEST_HOUR = 8;

export interface DigestDeps {
  db: Db;
  mail: Pick<MailService, 'deliver'>;
  publicUrl: string;
  authSecret: string;
  log?: (m: string) => void;
  /** Test knobs. */
  hour?: number;
  now?: () => Date;
}

/** The person's wall clock: hour and calendar date in their zone (UTC when the zone is unknown). */
export function localClock(timeZone: string, at: Date): { hour: number; date: string } {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    zone = 'UTC';
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { hour: Number(parts.hour), date: `${parts.year}-${parts.month}-${parts.day}` };
}

export const digestDedupeKey = (userId: string, localDate: string) => `digest:${userId}:${localDate}`;

/**
 * The `notify-digest` job (hourly): every person whose digest waits and whose local time is the
 * digest hour gets one email listing those events. The day's digest is claimed first (a delivery
 * row with the unique key digest:<user>:<local date>), so a second run, or a second worker, sends
 * nothing; the events it carried become sent in the same transaction that records the digest.
 * A failed digest leaves its events waiting for the next day's.
 */
export function createDigest(deps: DigestDeps) {
  const hour = deps.hour ?? DIGEST_HOUR;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => {});
  const { db } = deps;

  async function digestFor(person: MailRecipient, at: Date, date: string): Promise<boolean> {
    const items = await mailRecipientsRepo.digestItems(db, person.id);
    if (!items.length) return false;
    if (person.disabled || !person.preferences.notifications.email) {
      const why = 'The person turned notification emails off before the digest.';
      await mailRecipientsRepo.closeDigestItems(
        db,
        items.map((i) => i.deliveryId),
        'skipped',
        at,
        why,
      );
      return false;
    }
    const [claim] = await deliveriesRepo.insertNew(db, [
      {
        workspaceId: person.workspaceId,
        eventId: null,
        userId: person.id,
        channel: 'email',
        target: person.id,
        destination: maskEmail(person.email),
        dedupeKey: digestDedupeKey(person.id, date),
        status: 'sending',
      },
    ]);
    if (!claim) return false; // today's digest is already out (or being sent)
    const live = items.filter((i) => i.eventId && i.kind && i.startAt);
    const gone = items.filter((i) => !live.includes(i)).map((i) => i.deliveryId);
    const entries: DigestEntry[] = live.map((i) => ({
      at: i.startAt!,
      cameraName: i.cameraName,
      kind: i.kind as EventKind,
      link: eventLink(deps.publicUrl, i.eventId!),
    }));
    const started = performance.now();
    let failure: { error: string; code: number | null } | null = null;
    let code: number | null = null;
    // No SMTP configured: the digest waits in the in-app outbox, and the log says so rather than "sent".
    let outbox = false;
    if (entries.length) {
      const content = digestMail({
        lang: mailLanguage(person.preferences.language),
        timeZone: person.preferences.timezone,
        now: at,
        workspaceName: person.workspaceName,
        entries,
        eventsPageUrl: `${deps.publicUrl}/viewer/events`,
        unsubscribeUrl: unsubscribePageUrl(deps.publicUrl, deps.authSecret, person.id),
      });
      try {
        const receipt = await deps.mail.deliver({
          to: person.email,
          ...content,
          headers: {
            ...unsubscribeHeaders(deps.publicUrl, deps.authSecret, person.id),
            'Message-ID': `<digest-${person.id}-${date}@${new URL(deps.publicUrl).hostname}>`,
          },
        });
        code = receipt.code;
        outbox = receipt.transport === 'outbox';
      } catch (e) {
        const err = e as Error;
        failure = {
          error: redactCredentials(err.message ?? String(e)),
          code: e instanceof MailDeliveryError ? e.code : null,
        };
      }
    }
    const durationMs = performance.now() - started;
    await db.transaction(async (tx) => {
      await deliveriesRepo.addAttempt(tx, {
        deliveryId: claim.id,
        ok: !failure,
        code: failure?.code ?? code,
        error: failure?.error ?? null,
        durationMs,
      });
      await mailRecipientsRepo.closeDigestItems(tx, gone, 'skipped', at, 'The event was deleted before the digest.');
      if (failure) return deliveriesRepo.finish(tx, claim.id, 'failed', { lastError: failure.error });
      if (!entries.length)
        return deliveriesRepo.finish(tx, claim.id, 'skipped', { lastError: 'Every event of the digest was deleted.' });
      const status = outbox ? 'outbox' : 'sent';
      await mailRecipientsRepo.closeDigestItems(
        tx,
        live.map((i) => i.deliveryId),
        status,
        at,
      );
      await deliveriesRepo.finish(tx, claim.id, status, outbox ? {} : { sentAt: at });
    });
    if (failure) log(`digest for ${maskEmail(person.email)} failed: ${failure.error}`);
    return !failure && entries.length > 0;
  }

  return {
    /** One pass over everyone waiting; answers how many digests went out. */
    async run(): Promise<number> {
      const at = now();
      let sent = 0;
      for (const person of await mailRecipientsRepo.digestReaders(db)) {
        const clock = localClock(person.preferences.timezone, at);
        if (clock.hour !== hour) continue;
        if (await digestFor(person, at, clock.date)) sent += 1;
      }
      return sent;
    },
  };
}
export type Digest = ReturnType<typeof createDigest>;

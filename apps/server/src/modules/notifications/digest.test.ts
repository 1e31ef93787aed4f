import { createDb, type Db } from '@vigil/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEventsWorld } from '../../../test/events-world.ts';
import { withPg } from '../../../test/helpers.ts';
import { parseMail } from '../../../test/mime.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createMailService } from '../mail/mail.service.ts';
import { createDigest, digestDedupeKey, localClock } from './digest.service.ts';
import { unsubscribeApiUrl } from './unsubscribe-token.ts';

/**
 * The daily digest: one mail per person at their local digest hour listing every event that
 * waited for it, the events marked sent with it, and never a second digest the same day.
 */
describe('the daily email digest', () => {
  const w = useEventsWorld();
  let db: Db;
  let end: () => Promise<void>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ownerEmail: string;
  let workspaceId: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const c = createDb(w.t.databaseUrl, 2);
    db = c.db;
    end = () => c.pool.end();
    const me = (await w.get(w.owner.token, '/api/v1/me')).json();
    ownerEmail = me.user.email;
    workspaceId = me.workspace.id;
  });
  afterAll(async () => {
    await end?.();
    await sink?.close();
  });

  const digest = (hour: number, now?: () => Date) =>
    createDigest({
      db,
      mail: createMailService({ db, smtpUrl: sink.url, from: 'Vigil <vigil@example.com>' }),
      publicUrl: w.t.config.publicUrl,
      authSecret: w.t.config.authSecret,
      hour,
      now,
    });
  /** Deliveries waiting for the owner's digest, as the fan-out writes them for a digest reader. */
  const waiting = (eventIds: string[]) =>
    withPg(w.t.databaseUrl, async (c) => {
      for (const id of eventIds)
        await c.query(
          `insert into deliveries (workspace_id, event_id, user_id, channel, target, destination, dedupe_key, status)
           values ($1, $2::uuid, $3::uuid, 'email', $3::text, 'o•••@example.com', $2::text || ':email:' || $3::text, 'digest')`,
          [workspaceId, id, w.owner.uid],
        );
    });
  const statuses = (eventIds: string[]) =>
    withPg(
      w.t.databaseUrl,
      async (c) =>
        (await c.query('select status, sent_at from deliveries where event_id = any($1)', [eventIds])).rows as {
          status: string;
          sent_at: Date | null;
        }[],
    );

  it('sends one mail listing every waiting event at the person’s local hour, and none on a second run', async () => {
    const start = Date.UTC(2026, 2, 10, 9, 0);
    const events = [
      ...(await w.insertEvents(w.camA, 2, { start, step: 60_000 })),
      ...(await w.insertEvents(w.camB, 1, { kind: 'camera.offline', start: start + 30_000 })),
    ];
    await waiting(events);
    const now = new Date();
    const { hour, date } = localClock('Europe/Paris', now); // the owner's zone
    // Another hour of the day: nothing goes.
    expect(await digest((hour + 1) % 24, () => now).run()).toBe(0);
    expect(sink.mails).toHaveLength(0);

    expect(await digest(hour, () => now).run()).toBe(1);
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]!.to).toEqual([ownerEmail]);
    const m = parseMail(sink.mails[0]!.data);
    expect(m.subject).toMatch(/^Your Vigil digest for .+: 3 events$/);
    expect(m.text).toContain('By camera:\n  A: 2\n  B: 1');
    for (const id of events) expect(m.text).toContain(`${w.t.config.publicUrl}/viewer/events?id=${id}`);
    expect(m.text).toMatch(/10 March 2026 10:00 — A — Motion/); // 09:00 UTC in Paris
    expect(m.text).toMatch(/10 March 2026 10:00 — B — Camera offline/);
    expect(m.html).toContain(`href="${w.t.config.publicUrl}/viewer/events?id=${events[2]}"`);
    expect(m.headers['list-unsubscribe']).toBe(
      `<${unsubscribeApiUrl(w.t.config.publicUrl, w.t.config.authSecret, w.owner.uid)}>`,
    );
    expect(m.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    expect((await statuses(events)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    const record = await withPg(
      w.t.databaseUrl,
      async (c) =>
        (
          await c.query(
            `select d.status, d.event_id, d.channel, a.ok, a.code from deliveries d
             left join delivery_attempts a on a.delivery_id = d.id where d.dedupe_key = $1`,
            [digestDedupeKey(w.owner.uid, date)],
          )
        ).rows,
    );
    expect(record).toEqual([{ status: 'sent', event_id: null, channel: 'email', ok: true, code: 250 }]);

    // The job runs again within the hour (or on a second worker), with a new event waiting: no second digest today.
    const later = await w.insertEvents(w.camA, 1, { start: start + 3600_000 });
    await waiting(later);
    expect(await digest(hour, () => now).run()).toBe(0);
    expect(sink.mails).toHaveLength(1);
    expect((await statuses(later)).map((r) => r.status)).toEqual(['digest']); // tomorrow's

    // Two runs at once claim the day once between them.
    const tomorrow = new Date(now.getTime() + 24 * 3600_000);
    const both = await Promise.all([digest(hour, () => tomorrow).run(), digest(hour, () => tomorrow).run()]);
    expect(both.sort()).toEqual([0, 1]);
    expect(sink.mails).toHaveLength(2);
    expect((await statuses(later)).map((r) => r.status)).toEqual(['sent']);
  });

  it('a person who turned email off gets no digest; their waiting events are skipped', async () => {
    const events = await w.insertEvents(w.camA, 1, { start: Date.UTC(2026, 2, 11, 9, 0) });
    await waiting(events);
    await w.send(w.owner.token, 'PATCH', '/api/v1/me', { preferences: { notifications: { email: false } } });
    const inTwoDays = new Date(Date.now() + 48 * 3600_000);
    const before = sink.mails.length;
    expect(await digest(localClock('Europe/Paris', inTwoDays).hour, () => inTwoDays).run()).toBe(0);
    expect(sink.mails).toHaveLength(before);
    expect((await statuses(events)).map((r) => r.status)).toEqual(['skipped']);
    await w.send(w.owner.token, 'PATCH', '/api/v1/me', { preferences: { notifications: { email: true } } });
  });
});

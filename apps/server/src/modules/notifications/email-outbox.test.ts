import { createDb, type Db } from '@vigil/db';
import type { Pool } from 'pg';
import type { Delivery } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEventsWorld } from '../../../test/events-world.ts';
import { withPg } from '../../../test/helpers.ts';
import { startTestWorker } from '../../../test/job-helpers.ts';
import { testNotifier } from '../../../test/notifier.ts';
import { openStorage } from '../../lib/open-storage.ts';
import type { Storage } from '../../lib/storage.ts';
import { insertEvent } from '../events/events.module.ts';
import type { JobWorker } from '../jobs/job-worker.service.ts';
import { createMailService, type MailService } from '../mail/mail.service.ts';
import { createDigest, digestDedupeKey, localClock } from './digest.service.ts';

/**
 * Without SMTP, mail goes to the in-app outbox and waits there unsent: the delivery log must say
 * so (`outbox`, no sent time), never "sent".
 */
describe('email deliveries with no SMTP configured', () => {
  const w = useEventsWorld();
  let db: Db;
  let pool: Pool;
  let worker: JobWorker;
  let storage: Storage;
  let mail: MailService;

  beforeAll(async () => {
    ({ db, pool } = createDb(w.t.databaseUrl, 3));
    storage = await openStorage(w.t.config, () => {});
    // The mail service as the embedded default has it: no SMTP URL.
    mail = createMailService({ db, from: 'Vigil <vigil@example.com>' });
    const { tasks } = testNotifier(w.t.config, { db, mail, storage, pictureWaitMs: 0 });
    worker = await startTestWorker({ databaseUrl: w.t.databaseUrl, db, tasks });
  });
  afterAll(async () => {
    await worker?.stop();
    await storage?.close();
    await pool?.end();
  });

  it('an alert mailed to the outbox is logged `outbox` with no sent time, and filtered as such', async () => {
    const me = (await w.get(w.owner.token, '/api/v1/me')).json();
    const eventId = (await insertEvent(db, {
      cameraId: w.camA,
      workspaceId: me.workspace.id,
      kind: 'motion',
      startAt: new Date(),
    }))!;
    const emailOf = async () => {
      const res = await w.get(w.owner.token, `/api/v1/deliveries?eventId=${eventId}&channel=email`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as Delivery[])[0];
    };
    await expect.poll(async () => (await emailOf())?.status, { timeout: 15_000 }).toBe('outbox');
    const d = (await emailOf())!;
    expect(d.sentAt).toBeNull();
    expect(d.attempts).toMatchObject([{ ok: true, code: null, error: null }]);
    // The mail itself waits in the outbox, unsent.
    const outbox = await withPg(
      w.t.databaseUrl,
      async (c) =>
        (await c.query('select sent_at from mail_outbox where "to" = $1 and html is not null', [me.user.email])).rows,
    );
    expect(outbox).toEqual([{ sent_at: null }]);
    // The log's status filter finds it under its own status, not under `sent`.
    const sent = await w.get(w.owner.token, `/api/v1/deliveries?eventId=${eventId}&status=sent`);
    expect(sent.json().items).toEqual([]);
    const waiting = await w.get(w.owner.token, `/api/v1/deliveries?eventId=${eventId}&status=outbox`);
    expect(waiting.json().items.map((x: Delivery) => x.id)).toEqual([d.id]);
  });

  it('a daily digest mailed to the outbox: the digest and the events it carried are logged `outbox`', async () => {
    const me = (await w.get(w.owner.token, '/api/v1/me')).json();
    const events = await w.insertEvents(w.camB, 2, { start: Date.UTC(2026, 2, 10, 9, 0), step: 60_000 });
    await withPg(w.t.databaseUrl, async (c) => {
      for (const id of events)
        await c.query(
          `insert into deliveries (workspace_id, event_id, user_id, channel, target, destination, dedupe_key, status)
           values ($1, $2::uuid, $3::uuid, 'email', $3::text, 'o•••@example.com', $2::text || ':email:' || $3::text, 'digest')`,
          [me.workspace.id, id, w.owner.uid],
        );
    });
    const now = new Date();
    const { hour, date } = localClock(me.user.preferences.timezone, now);
    const digest = createDigest({
      db,
      mail,
      publicUrl: w.t.config.publicUrl,
      authSecret: w.t.config.authSecret,
      hour,
      now: () => now,
    });
    expect(await digest.run()).toBe(1);
    const rows = await withPg(
      w.t.databaseUrl,
      async (c) =>
        (
          await c.query(
            `select status, sent_at from deliveries where event_id = any($1) or dedupe_key = $2 order by event_id nulls first`,
            [events, digestDedupeKey(w.owner.uid, date)],
          )
        ).rows,
    );
    expect(rows).toEqual([
      { status: 'outbox', sent_at: null },
      { status: 'outbox', sent_at: null },
      { status: 'outbox', sent_at: null },
    ]);
  });
});

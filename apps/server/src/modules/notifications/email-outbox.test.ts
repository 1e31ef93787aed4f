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
import { createMailService } from '../mail/mail.service.ts';

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

  beforeAll(async () => {
    ({ db, pool } = createDb(w.t.databaseUrl, 3));
    storage = await openStorage(w.t.config, () => {});
    // The mail service as the embedded default has it: no SMTP URL.
    const mail = createMailService({ db, from: 'Vigil <vigil@example.com>', log: () => {} });
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
});

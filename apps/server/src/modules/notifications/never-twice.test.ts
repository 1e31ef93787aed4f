import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createDb, type Db } from '@vigil/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from '../../../test/harness.ts';
import { withPg } from '../../../test/helpers.ts';
import { startTestWorker } from '../../../test/job-helpers.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { insertEvent } from '../events/events.module.ts';
import type { JobWorker } from '../jobs/job-worker.service.ts';
import { INTERRUPTED } from './send.service.ts';
import { testNotifier } from '../../../test/notifier.ts';

/**
 * "Never twice", with a worker killed mid-send: a work process is kill -9'd while a receiver
 * holds its request open. Another worker takes the job over once the dead one's locks are
 * released; it must not send again (the receiver may already have acted on it), and the log
 * must say so. The other delivery of the same event, finished before the kill, stays sent once.
 */
const CHILD = new URL('../../../test/notify-worker-child.ts', import.meta.url).pathname;
const SECRET = 'whsec-never-twice-0123';

describe('a worker killed mid-send', () => {
  let t: TestApp;
  let db: Db;
  let end: () => Promise<void>;
  let child: ChildProcess | undefined;
  let worker: JobWorker | undefined;
  let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    t = await createTestApp();
    const c = createDb(t.databaseUrl, 2);
    db = c.db;
    end = () => c.pool.end();
    hook = await startWebhookReceiver(SECRET);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await worker?.stop();
    await hook?.close();
    await end?.();
    await t?.close();
  });

  it('leaves the held delivery interrupted, never resent, and the finished one sent once', async () => {
    const owner = await signUp(t.app);
    const cameraId = await createTestPatternCamera(t.app, owner.token, 'Door');
    hook.hold('/hold');
    for (const path of ['/hold', '/ok'])
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: bearer(owner.token),
        payload: { url: `${hook.base}${path}`, secret: SECRET },
      });

    child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: {
        ...process.env,
        DATABASE_URL: t.databaseUrl,
        AUTH_SECRET: t.config.authSecret,
        PUBLIC_URL: t.config.publicUrl,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [ready] = (await Promise.race([once(child.stdout!, 'data'), once(child, 'exit')])) as [Buffer | number];
    expect(String(ready)).toContain('WORKER_READY');

    const eventId = (await insertEvent(db, {
      cameraId,
      workspaceId: owner.workspace.id,
      kind: 'camera.offline',
      startAt: new Date(),
    }))!;
    const statuses = () =>
      withPg(t.databaseUrl, async (c) =>
        Object.fromEntries(
          (
            await c.query<{ destination: string; status: string }>(
              "select destination, status from deliveries where event_id = $1 and channel = 'webhook'",
              [eventId],
            )
          ).rows.map((r) => [new URL(r.destination).pathname, r.status]),
        ),
      );
    await hook.waitFor(2);
    for (let s = await statuses(); s['/ok'] !== 'sent'; s = await statuses())
      await new Promise((r) => setTimeout(r, 50));
    expect(await statuses()).toEqual({ '/hold': 'sending', '/ok': 'sent' });

    child.kill('SIGKILL');
    await once(child, 'exit');
    child = undefined;
    const notifier = testNotifier(t.config, {
      db,
    });
    worker = await startTestWorker({ databaseUrl: t.databaseUrl, db, tasks: notifier.tasks });
    for (let s = await statuses(); s['/hold'] === 'sending'; s = await statuses())
      await new Promise((r) => setTimeout(r, 100));

    expect(await statuses()).toEqual({ '/hold': 'interrupted', '/ok': 'sent' });
    expect(hook.received.map((r) => r.path).sort()).toEqual(['/hold', '/ok']);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/v1/deliveries?eventId=${eventId}`,
      headers: bearer(owner.token),
    });
    const held = log.json().items.find((d: { destination: string }) => d.destination.endsWith('/hold'));
    expect(held).toMatchObject({ status: 'interrupted', lastError: INTERRUPTED });
  });
});

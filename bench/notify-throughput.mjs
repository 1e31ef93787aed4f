// Deliveries per second through the job queue with one worker: the real server's work
// role (one job worker, its default concurrency) fans EVENTS events out to DEVICES push devices of
// one person and sends each delivery to a local HTTPS web push service (VAPID checked, payload
// decrypted). Timed from the events' insert (each with its notify-event job, in one statement, as the
// recorder's transaction queues them) to the last delivery marked sent.
// Baseline, same run: the bare `web-push` sendNotification loop from this process to the same push
// service, the same number of messages, the same concurrency as the worker.
// Smoke: EVENTS=5 DEVICES=4.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import webpush from 'web-push';
import { ROOT, apiOf, report, startVigil } from './lib.mjs';

register();
const { startPushService } = await import(path.join(ROOT, 'apps/server/test/push-service.ts'));

const EVENTS = Number(process.env.EVENTS ?? 100);
const DEVICES = Number(process.env.DEVICES ?? 20);
/** The work role's job worker runs this many jobs at once (job-worker.service.ts default). */
const CONCURRENCY = 2;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dir = mkdtempSync(path.join(tmpdir(), 'bench-notify-throughput-'));
const dataDir = path.join(dir, 'data');
let vigil;
let db;
let push;

const api = apiOf(() => vigil.url);

try {
  push = await startPushService();
  const caFile = path.join(dir, 'push-ca.pem');
  writeFileSync(caFile, push.ca);
  vigil = await startVigil(dataDir, { NODE_EXTRA_CA_CERTS: caFile });
  const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const pgPort = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  db = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(secrets.pgPassword)}@127.0.0.1:${pgPort}/postgres`,
  });
  await db.connect();

  const { token } = await api('POST', '/api/v1/auth/sign-up', null, {
    email: `bench-${Date.now()}@vigil.test`,
    password: 'bench-password',
    displayName: 'Bench',
  });
  const [rule] = (await api('GET', '/api/v1/notification-rules', token)).items;
  await api('PATCH', `/api/v1/notification-rules/${rule.id}`, token, { cooldownSeconds: 0, channels: ['push'] });
  const subs = [];
  for (let i = 0; i < DEVICES; i++) {
    const sub = push.subscribe();
    subs.push(sub);
    await api('POST', '/api/v1/device-tokens', token, { token: sub.endpoint, keys: sub.keys, platform: 'web' });
  }
  // A camera that runs nothing: the events are written here, as the recorder would write them.
  const camera = await api('POST', '/api/v1/cameras', token, {
    name: 'Bench',
    source: { type: 'test-pattern' },
    recordingMode: 'off',
  });
  await api('PATCH', `/api/v1/cameras/${camera.id}`, token, { enabled: false });

  const total = EVENTS * DEVICES;
  const received0 = push.received.length;
  const started = performance.now();
  await db.query(
    `with e as (
       insert into events (workspace_id, camera_id, kind, severity, start_at)
       select workspace_id, id, 'motion', 'alert', now() + g * interval '1 second' from cameras, generate_series(1, $2) g
       where cameras.id = $1 returning id)
     select graphile_worker.add_job('notify-event', json_build_object('eventId', e.id), max_attempts => 10) from e`,
    [camera.id, EVENTS],
  );
  for (;;) {
    const { rows } = await db.query(
      "select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status in ('failed', 'skipped', 'interrupted'))::int as bad from deliveries where channel = 'push'",
    );
    if (rows[0].sent + rows[0].bad >= total) {
      if (rows[0].bad) throw new Error(`${rows[0].bad} deliveries did not go out`);
      break;
    }
    await sleep(20);
  }
  const queueSeconds = (performance.now() - started) / 1000;
  const verified = push.received.slice(received0).filter((r) => r.status === 201 && r.payload).length;

  // Baseline: the same messages from here with web-push itself, CONCURRENCY at a time.
  const vapid = webpush.generateVAPIDKeys();
  const agent = new Agent({ ca: push.ca, keepAlive: false });
  const payload = JSON.stringify({
    title: 'Motion — Bench',
    body: 'bench',
    url: 'http://127.0.0.1/viewer/events',
    tag: 'x',
  });
  let next = 0;
  const bareStarted = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < total; i = next++)
        await webpush.sendNotification(subs[i % DEVICES], payload, {
          vapidDetails: {
            subject: 'mailto:bench@vigil.test',
            publicKey: vapid.publicKey,
            privateKey: vapid.privateKey,
          },
          TTL: 3600,
          agent,
        });
    }),
  );
  const bareSeconds = (performance.now() - bareStarted) / 1000;

  report('notify-throughput', [
    {
      path: `through the queue (${EVENTS} events × ${DEVICES} devices, one worker, concurrency ${CONCURRENCY})`,
      deliveries: total,
      seconds: Math.round(queueSeconds * 100) / 100,
      'deliveries/s': Math.round(total / queueSeconds),
    },
    {
      path: `baseline: bare web-push loop, concurrency ${CONCURRENCY}`,
      deliveries: total,
      seconds: Math.round(bareSeconds * 100) / 100,
      'deliveries/s': Math.round(total / bareSeconds),
    },
  ]);
  console.log(
    `queue/bare: ${(bareSeconds / queueSeconds).toFixed(2)}; pushes verified by the push service: ${verified} of ${total}`,
  );
} finally {
  await db?.end().catch(() => {});
  await vigil?.stop();
  await push?.close();
  rmSync(dir, { recursive: true, force: true });
}

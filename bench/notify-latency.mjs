// Motion in the picture → the notification received, per channel: web push at
// a local push service, the webhook at a local receiver, the email accepted by a local SMTP server.
// p50 and p95 over ITER motions of
//   (a) the picture changes → received, and
//   (b) the event row's created_at (read from PostgreSQL) → received: the notification pipeline
//       alone (the notify-event job, the fan-out, one notify-send job per destination, the send).
// Same clock throughout: the server, PostgreSQL and this process share the machine.
//
// The real server (scripts/start.mjs, own data folder and port) with SMTP_URL = the local SMTP
// server, ALLOW_LOOPBACK_TARGETS=true, and NODE_EXTRA_CA_CERTS = the local push service's
// self-signed certificate (how an installation trusts a private CA; the server's web-push then
// verifies it like any other). An owner signed up through the API; one RTSP camera (GStreamer test
// source, 15 fps, keyframes every 7 frames, black; the "ball" pattern moves); the default rule
// (push + email to owners and managers) with cooldown 0 so every motion notifies; a webhook to the
// local receiver; a push subscription saved through POST /api/v1/device-tokens (the endpoint on the
// local push service, a P-256 key pair and auth secret made here, as a browser would). Each motion:
// the ball starts, the bench waits for all three (or TIMEOUT_S), then black again and the next one
// waits until the event has ended (endAt) and SETTLE_S more.
//
// Email waits for the event's picture by design (decision 0006: up to 30 s, re-checked every 2 s),
// and the picture is made from indexed footage (10 s segments), so the table also shows when the
// event-thumbnail job wrote it (the file's mtime), and when the fan-out ran (deliveries.created_at).
// Baseline, same run: the webhook path's floor, a bare signed POST from this process to the same
// receiver (new connection each, as the server's), BASELINE_N times.
// Smoke: ITER=2 BASELINE_N=5.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { ROOT, apiOf, report, startVigil, until } from './lib.mjs';

register();
const { startRtspServer } = await import(path.join(ROOT, 'e2e/fixtures/rtsp-server.ts'));
const { startPushService } = await import(path.join(ROOT, 'apps/server/test/push-service.ts'));
const { startSmtpSink } = await import(path.join(ROOT, 'apps/server/test/smtp-sink.ts'));
const { startWebhookReceiver } = await import(path.join(ROOT, 'apps/server/test/webhook-receiver.ts'));
const { signatureHeader } = await import(path.join(ROOT, 'apps/server/src/modules/notifications/webhook-payload.ts'));

const ITER = Number(process.env.ITER ?? 8);
const SETTLE_S = Number(process.env.SETTLE_S ?? 3);
const TIMEOUT_S = Number(process.env.TIMEOUT_S ?? 60);
const BASELINE_N = Number(process.env.BASELINE_N ?? 50);
const SECRET = 'bench-webhook-secret-0123456789';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** p50 = the upper median, p95 = the value at 95 % (with 8 runs: the largest). */
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** The receivers keep what they got in an array; each entry is stamped with the moment it arrived. */
function stampArrivals(list) {
  list.push = (...items) => {
    const at = Date.now();
    const perf = performance.now();
    for (const it of items) Object.assign(it, { at, perf });
    return Array.prototype.push.apply(list, items);
  };
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-notify-latency-'));
const dataDir = path.join(dir, 'data');
let vigil;
let db;
let rtsp;
let push;
let smtp;
let hook;
const rows = [];

const api = apiOf(() => vigil.url);

/** One bare signed POST to the receiver, on a new connection; ms from the request's start to its arrival. */
function barePost(url, body) {
  return new Promise((resolve, reject) => {
    const before = hook.received.length;
    const t0 = performance.now();
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Vigil-Webhooks/1',
          'x-vigil-signature': signatureHeader(SECRET, body, Math.floor(Date.now() / 1000)),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const got = hook.received[before];
          if (!got?.signatureValid) reject(new Error('the baseline POST was not received signed'));
          else resolve(got.perf - t0);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

try {
  // The receivers first: the server must start trusting the push service's certificate.
  push = await startPushService();
  smtp = await startSmtpSink();
  hook = await startWebhookReceiver(SECRET);
  stampArrivals(push.received);
  stampArrivals(smtp.mails);
  stampArrivals(hook.received);
  const caFile = path.join(dir, 'push-ca.pem');
  writeFileSync(caFile, push.ca);

  vigil = await startVigil(dataDir, {
    ALLOW_LOOPBACK_TARGETS: 'true',
    SMTP_URL: smtp.url,
    NODE_EXTRA_CA_CERTS: caFile,
  });
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
  const { items: rules } = await api('GET', '/api/v1/notification-rules', token);
  for (const rule of rules) await api('PATCH', `/api/v1/notification-rules/${rule.id}`, token, { cooldownSeconds: 0 });
  await api('POST', '/api/v1/webhooks', token, { url: `${hook.base}/vigil`, secret: SECRET });
  const sub = push.subscribe();
  await api('POST', '/api/v1/device-tokens', token, { token: sub.endpoint, keys: sub.keys, userAgent: 'bench' });

  rtsp = await startRtspServer({ pattern: 'black', keyframeInterval: 7 });
  const { id: cameraId } = await api('POST', '/api/v1/cameras', token, {
    name: 'Bench door',
    source: { type: 'rtsp', url: rtsp.url },
    recordingMode: 'continuous',
  });
  await until(
    'the camera online',
    async () => (await api('GET', `/api/v1/cameras/${cameraId}`, token)).status === 'online',
  );
  const lastMotion = async () =>
    (await api('GET', `/api/v1/events?cameraId=${cameraId}&kind=motion&limit=1`, token)).items[0];
  const quiet = async () => {
    const e = await lastMotion();
    return !e || e.endAt !== null;
  };
  await sleep(SETTLE_S * 1000);
  await until('a quiet picture', quiet, 60_000, 250);

  const m = {
    written: [],
    fanout: [],
    thumb: { a: [], b: [] },
    push: { a: [], b: [] },
    webhook: { a: [], b: [] },
    email: { a: [], b: [] },
  };
  const missed = { push: 0, webhook: 0, email: 0 };
  for (let i = 0; i < ITER; i++) {
    const t0 = Date.now();
    await rtsp.setPattern('ball');
    const ev = await until('the event row', async () => {
      const r = await db.query(
        `select id, created_at from events where camera_id = $1 and kind = 'motion' and created_at >= $2
         order by created_at limit 1`,
        [cameraId, new Date(t0 - 1000)],
      );
      return r.rows[0];
    });
    const createdAt = ev.created_at.getTime();
    const emailDelivery = async () =>
      (await db.query(`select id from deliveries where event_id = $1 and channel = 'email'`, [ev.id])).rows[0]?.id;
    const found = {
      push: () => push.received.find((r) => r.payload?.eventId === ev.id && r.status === 201),
      webhook: () => hook.received.find((r) => r.body?.event?.id === ev.id && r.signatureValid),
      email: async () => {
        const id = await emailDelivery();
        return id && smtp.mails.find((x) => x.data.includes(`<delivery-${id}@`));
      },
    };
    const got = {};
    const deadline = t0 + TIMEOUT_S * 1000;
    while (Date.now() < deadline) {
      for (const ch of ['push', 'webhook', 'email']) got[ch] ??= await found[ch]();
      if (got.push && got.webhook && got.email) break;
      await sleep(50);
    }
    const [fan] = (await db.query(`select min(created_at) as at from deliveries where event_id = $1`, [ev.id])).rows;
    const [thumb] = (await db.query(`select thumbnail_key from events where id = $1`, [ev.id])).rows;
    m.written.push(createdAt - t0);
    if (fan?.at) m.fanout.push(fan.at.getTime() - createdAt);
    let thumbLine = 'no picture yet';
    if (thumb?.thumbnail_key) {
      const at = statSync(path.join(dataDir, 'storage', thumb.thumbnail_key)).mtimeMs;
      m.thumb.a.push(at - t0);
      m.thumb.b.push(at - createdAt);
      thumbLine = `picture +${Math.round(at - createdAt)}`;
    }
    const parts = [];
    for (const ch of ['push', 'webhook', 'email']) {
      if (!got[ch]) {
        missed[ch]++;
        parts.push(`${ch} MISSED`);
        continue;
      }
      m[ch].a.push(got[ch].at - t0);
      m[ch].b.push(got[ch].at - createdAt);
      parts.push(`${ch} +${got[ch].at - createdAt}`);
    }
    console.log(
      `${i + 1}/${ITER}: written +${createdAt - t0} ms after the picture; from written: fan-out +${
        fan?.at ? fan.at.getTime() - createdAt : '?'
      }, ${parts.join(', ')}, ${thumbLine} ms`,
    );
    await rtsp.setPattern('black');
    await until('the motion event to end', quiet, 60_000, 250);
    await sleep(SETTLE_S * 1000);
  }

  // The floor of the webhook path: this process POSTs a signed body of the same size to the receiver.
  const sample = JSON.stringify(hook.received.find((r) => r.body?.event)?.body ?? { id: 'x', type: 'event.created' });
  const floor = [];
  for (let i = 0; i < BASELINE_N; i++) {
    floor.push(await barePost(`${hook.base}/baseline`, sample));
    await sleep(20);
  }

  const r0 = (x) => (x === undefined ? '' : Math.round(x));
  const r1 = (x) => Math.round(x * 10) / 10;
  const row = (figure, a, b) => ({
    figure,
    runs: (b ?? a).length,
    'picture→ p50': a ? r0(pct(a, 0.5)) : '',
    'picture→ p95': a ? r0(pct(a, 0.95)) : '',
    'written→ p50': b?.length ? r0(pct(b, 0.5)) : '',
    'written→ p95': b?.length ? r0(pct(b, 0.95)) : '',
  });
  rows.push(
    row('event row written (motion detected)', m.written, null),
    row('fan-out ran (deliveries written)', null, m.fanout),
    row(`push received${missed.push ? ` (${missed.push} missed)` : ''}`, m.push.a, m.push.b),
    row(`webhook received${missed.webhook ? ` (${missed.webhook} missed)` : ''}`, m.webhook.a, m.webhook.b),
    row(`email accepted (SMTP DATA)${missed.email ? ` (${missed.email} missed)` : ''}`, m.email.a, m.email.b),
    row('  email waits for: event picture written', m.thumb.a, m.thumb.b),
    {
      figure: 'baseline: bare signed POST → receiver (from request start)',
      runs: floor.length,
      'picture→ p50': '',
      'picture→ p95': '',
      'written→ p50': r1(pct(floor, 0.5)),
      'written→ p95': r1(pct(floor, 0.95)),
    },
  );
} catch (e) {
  console.error('notify-latency failed:', e);
  process.exitCode = 1;
} finally {
  await db?.end().catch(() => {});
  await rtsp?.stop();
  await vigil?.stop();
  await push?.close();
  await smtp?.close();
  await hook?.close();
  rmSync(dir, { recursive: true, force: true });
}
report('notify-latency', rows);
console.log(
  'milliseconds; picture→: pattern switched → received; written→: events.created_at → received; p95 of 8 runs = the largest',
);

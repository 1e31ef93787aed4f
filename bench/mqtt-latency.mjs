// Motion start → the MQTT message a Home Assistant subscriber receives, p50 and p95 over ITER
// motion events, for (a) the retained `vigil/<ws>/<camera>/motion` ON (the work process's broker
// link, woken by the event's realtime notice) and (b) the Frigate-shaped `new` on `.../events`
// (a notification delivery: the notify-event job, the fan-out, the notify-send job), and the same
// for the event's end (motion OFF, `end`). "Motion start" is the commit of the event row, written
// in this process through the events module's `insertMotionEvent` — the call the recorder makes
// when its detector fires (the picture → detection step is alert-latency's figure) — into the
// database of a real server (scripts/start.mjs, own data folder and port, every role).
// Baseline, same run: a bare publish → receive through the same broker (aedes, in this process)
// between two mqtt clients, BASELINE_N times: the floor any MQTT path pays here.
// Same clock throughout: the server, PostgreSQL, the broker and this process share the machine.
// Smoke: ITER=3 BASELINE_N=10.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, apiOf, databaseUrlOf, report, startVigil, until } from './lib.mjs';

register();
const { Aedes } = await import('aedes');
const { connect } = await import('mqtt');
const { createDb } = await import(path.join(ROOT, 'packages/db/src/index.ts'));
const { insertMotionEvent, endEvent } = await import(
  path.join(ROOT, 'apps/server/src/modules/events/events.module.ts')
);

const ITER = Number(process.env.ITER ?? 20);
const BASELINE_N = Number(process.env.BASELINE_N ?? 100);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const row = (what, xs) => ({ what, n: xs.length, p50_ms: +pct(xs, 0.5).toFixed(1), p95_ms: +pct(xs, 0.95).toFixed(1) });

const dir = mkdtempSync(path.join(tmpdir(), 'bench-mqtt-latency-'));
const broker = await Aedes.createBroker();
const server = createServer((s) => broker.handle(s));
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const brokerUrl = `mqtt://127.0.0.1:${server.address().port}`;
const clients = [];
const client = async () => {
  const c = connect(brokerUrl, { reconnectPeriod: 0 });
  clients.push(c);
  await new Promise((r, j) => c.once('connect', r).once('error', j));
  return c;
};
let vigil;
let pool;

try {
  // The floor: a publish from one client received by another through the same broker.
  const sub = await client();
  const pub = await client();
  await sub.subscribeAsync('bench/#', { qos: 1 });
  const floor = [];
  for (let i = 0; i < BASELINE_N; i++) {
    const got = new Promise((r) => sub.once('message', () => r(performance.now())));
    const t0 = performance.now();
    await pub.publishAsync('bench/ping', String(i), { qos: 1 });
    floor.push((await got) - t0);
  }

  vigil = await startVigil(path.join(dir, 'data'));
  const api = apiOf(() => vigil.url);
  const { token } = await api('POST', '/api/v1/auth/sign-up', null, {
    email: `bench-${Date.now()}@vigil.test`,
    password: 'bench-password',
    displayName: 'Bench',
  });
  const ws = (await api('GET', '/api/v1/me', token)).workspace.id;
  const { id: cameraId } = await api('POST', '/api/v1/cameras', token, {
    name: 'Bench door',
    // An address nothing answers: the camera stays offline, so no motion of its own mixes in.
    source: { type: 'rtsp', url: 'rtsp://127.0.0.1:9/none' },
    recordingMode: 'off',
  });
  const seen = [];
  globalThis.__seen = seen;
  sub.on('message', (topic, payload) => seen.push({ topic, payload: payload.toString(), at: performance.now() }));
  await sub.subscribeAsync(`vigil/${ws}/#`, { qos: 1 });
  await api('PUT', '/api/v1/notifications/settings', token, { mqttUrl: brokerUrl });
  const motionTopic = `vigil/${ws}/${cameraId}/motion`;
  const eventsTopic = `vigil/${ws}/${cameraId}/events`;
  await until('the broker link', () => seen.some((m) => m.topic === motionTopic), 30_000, 20);

  ({ db: pool } = createDb(databaseUrlOf(path.join(dir, 'data')), 2));
  const waitMsg = (pick, after) =>
    until('the message', () => seen.find((m) => m.at >= after && pick(m)), 30_000, 2).then((m) => m.at);
  const on = [];
  const created = [];
  const off = [];
  const ended = [];
  for (let i = 0; i < ITER; i++) {
    const t0 = performance.now();
    const id = await insertMotionEvent(pool, { cameraId, workspaceId: ws, kind: 'motion', startAt: new Date() });
    const t1 = t0;
    on.push((await waitMsg((m) => m.topic === motionTopic && m.payload === 'ON', t0)) - t1);
    created.push(
      (await waitMsg(
        (m) => m.topic === eventsTopic && m.payload.includes(`"type":"new"`) && m.payload.includes(id),
        t0,
      )) - t1,
    );
    await sleep(200);
    const t2 = performance.now();
    await endEvent(pool, { id, workspaceId: ws, cameraId }, new Date());
    const t3 = t2;
    off.push((await waitMsg((m) => m.topic === motionTopic && m.payload === 'OFF', t2)) - t3);
    ended.push(
      (await waitMsg(
        (m) => m.topic === eventsTopic && m.payload.includes(`"type":"end"`) && m.payload.includes(id),
        t2,
      )) - t3,
    );
    await sleep(300);
  }
  report('mqtt-latency', [
    row('motion start → motion ON (broker link)', on),
    row('motion start → events `new` (notification delivery)', created),
    row('motion end → motion OFF', off),
    row('motion end → events `end`', ended),
    row('baseline: bare publish → receive, same broker', floor),
  ]);
} catch (e) {
  console.error(e);
  if (process.env.DEBUG)
    console.error(
      globalThis.__seen?.map((m) => [m.topic.split('/').slice(2).join('/'), m.payload.slice(0, 60), Math.round(m.at)]),
      vigil?.output().slice(-3000),
    );
  process.exitCode = 1;
} finally {
  await vigil?.stop();
  for (const c of clients) c.end(true);
  server.close();
  broker.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit();
}

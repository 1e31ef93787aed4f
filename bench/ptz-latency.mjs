// PTZ: a move command → the camera receiving it (p50, p99), beside the same ContinuousMove posted
// straight to the camera (no Vigil) in the same run; and a lost client → the camera's Stop (the
// server's deadman, 1 s after the last move), beside that 1 s span. The camera is the tests'
// ONVIF device with its PTZ service (apps/server/test/onvif-device*.ts), its clock three hours
// off, on loopback; each request records when it arrived.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, report, startVigil } from './lib.mjs';

register();
const { startOnvifDevice } = await import(path.join(ROOT, 'apps/server/test/onvif-device.ts'));
const { ptzPlugin } = await import(path.join(ROOT, 'apps/server/test/onvif-device-ptz.ts'));

const MOVES = Number(process.env.MOVES ?? 60);
const LOST = Number(process.env.LOST ?? 5);
const CREDS = { username: 'admin', password: 'bench-pass' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => +[...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))].toFixed(1);

const ptz = ptzPlugin();
const device = await startOnvifDevice({
  name: 'Bench PTZ',
  streamUri: 'rtsp://127.0.0.1:9/none',
  credentials: CREDS,
  clockOffsetMs: 3 * 3600_000,
  media2: true,
  plugins: [ptz.plugin],
});
// The baseline's camera: the same device without credentials, so an unsigned post is let in.
const openPtz = ptzPlugin();
const open = await startOnvifDevice({
  name: 'Bench PTZ (open)',
  streamUri: 'rtsp://127.0.0.1:9/none',
  media2: true,
  plugins: [openPtz.plugin],
});
const dir = mkdtempSync(path.join(tmpdir(), 'bench-ptz-'));
// Serve only: the bench steers the camera, nothing records it.
const vigil = await startVigil(dir, { VIGIL_ROLES: 'serve' });
const json = (token) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const { token } = await (
  await fetch(`${vigil.url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: json(),
    body: JSON.stringify({ email: 'bench-ptz@example.com', password: 'bench-password', displayName: 'Bench' }),
  })
).json();
const made = await fetch(`${vigil.url}/api/v1/cameras`, {
  method: 'POST',
  headers: json(token),
  body: JSON.stringify({
    name: 'Dome',
    recordingMode: 'off',
    source: { type: 'onvif', address: device.address, ...CREDS, profile: 'main_0' },
  }),
});
if (made.status !== 201) throw new Error(`camera not added: ${made.status} ${await made.text()}`);
const camera = await made.json();
const ptzUrl = `${vigil.url}/api/v1/cameras/${camera.id}/ptz`;

/** Sends one command; resolves with ms from sending to `at`'s receipt of it. */
async function timed(send, at = ptz) {
  const from = at.received.length;
  const t0 = Date.now();
  await send();
  const r = await at.until((x) => at.received.indexOf(x) >= from, 5000);
  return r.at - t0;
}

const move = (body) =>
  fetch(`${ptzUrl}/move`, { method: 'POST', headers: json(token), body: JSON.stringify(body) }).then((r) => {
    if (r.status !== 204) throw new Error(`move: ${r.status}`);
  });
const stop = () => fetch(`${ptzUrl}/stop`, { method: 'POST', headers: json(token) });

// Baseline: the same SOAP request, unsigned, straight to the device's PTZ service.
const direct = () =>
  fetch(`http://${open.address}/onvif/ptz_service`, {
    method: 'POST',
    headers: { 'content-type': 'application/soap+xml; charset=utf-8' },
    body:
      '<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" ' +
      'xmlns:tt="http://www.onvif.org/ver10/schema"><s:Body><tptz:ContinuousMove xmlns:tptz="http://www.onvif.org/ver20/ptz/wsdl">' +
      '<tptz:ProfileToken>main_0</tptz:ProfileToken><tptz:Velocity><tt:PanTilt x="0.5" y="0"/></tptz:Velocity>' +
      '<tptz:Timeout>PT1S</tptz:Timeout></tptz:ContinuousMove></s:Body></s:Envelope>',
  }).then((r) => r.text());

await move({ pan: 0.5 }); // warm-up: the device's clock is read once, the route compiled
await stop();
const viaVigil = [];
const straight = [];
for (let i = 0; i < MOVES; i++) {
  straight.push(await timed(direct, openPtz));
  viaVigil.push(await timed(() => move({ pan: i % 2 ? 0.5 : -0.5, tilt: 0.25 })));
  // A held button's pace (the rate limit is for scripts, not for this).
  await sleep(150);
}
await stop();
// One signed request per move: no clock read, no retry.
const before = device.calls.length;
await move({ pan: 0.1 });
const perMove = device.calls.slice(before).length;
await stop();

// A lost client: moves every 300 ms for a second, then silence; the Stop the deadman sends.
const stops = [];
for (let i = 0; i < LOST; i++) {
  for (let k = 0; k < 4; k++) {
    await move({ pan: 1 });
    if (k < 3) await sleep(300);
  }
  const last = ptz.last('ContinuousMove');
  const s = await ptz.until((r) => r.op === 'Stop' && r.at > last.at, 5000);
  stops.push(s.at - last.at);
  await sleep(200);
}

report(
  'ptz-latency',
  [
    {
      what: 'baseline: ContinuousMove posted straight to the camera',
      'p50 (ms)': pct(straight, 0.5),
      'p99 (ms)': pct(straight, 0.99),
    },
    {
      what: 'POST …/ptz/move → the camera receives it',
      'p50 (ms)': pct(viaVigil, 0.5),
      'p99 (ms)': pct(viaVigil, 0.99),
    },
    { what: 'baseline: the deadman’s span (no move for this long)', 'p50 (ms)': 1000, 'p99 (ms)': 1000 },
    { what: 'last move → Stop, client gone silent', 'p50 (ms)': pct(stops, 0.5), 'p99 (ms)': Math.max(...stops) },
  ],
  {
    'ptz move → device p50 (ms)': pct(viaVigil, 0.5),
    'ptz move − direct p50 (ms)': +(pct(viaVigil, 0.5) - pct(straight, 0.5)).toFixed(1),
    'ptz requests per move': perMove,
    'ptz stop after lost client max (ms)': Math.max(...stops),
    'load (1 min)': +loadavg()[0].toFixed(1),
  },
);
await vigil.stop();
await Promise.all([device.stop(), open.stop()]);
rmSync(dir, { recursive: true, force: true });

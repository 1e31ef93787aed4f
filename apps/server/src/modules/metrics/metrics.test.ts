import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from '../../../test/harness.ts';
import { recordSegmentIndexed } from '../../lib/metrics.ts';

/** Debian's `prometheus` package provides it (.ci/run installs it). */
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;

/** GET /metrics: the token rule, the loopback rule, and the figures it must carry. */
describe('GET /metrics', () => {
  const TOKEN = 'metrics-token-metrics-token';
  let withToken: TestApp;
  let open: TestApp;

  beforeAll(async () => {
    withToken = await createTestApp({ METRICS_TOKEN: TOKEN });
    open = await createTestApp();
  });
  afterAll(async () => {
    await withToken?.close();
    await open?.close();
  });

  it('wants the token when one is set', async () => {
    expect((await withToken.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await withToken.app.inject({ method: 'GET', url: '/metrics', headers: bearer('x'.repeat(27)) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('permission-denied');
    const ok = await withToken.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('without a token, answers this machine only (the socket address, not X-Forwarded-For)', async () => {
    const far = await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(far.statusCode).toBe(403);
    const spoofed = await open.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(403);
    await open.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (open.app.server.address() as AddressInfo).port;
    // Read to its end and not kept alive: an unread answer holds its socket, and close() waited on it.
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { connection: 'close' } });
    expect(res.status).toBe(200);
    await res.text();
  });

  it('carries cameras by status, jobs, segments and their lag, and HTTP latency by route', async () => {
    const owner = await signUp(withToken.app);
    const gate = await createTestPatternCamera(withToken.app, owner.token, 'Gate');
    await createTestPatternCamera(withToken.app, owner.token, 'Yard');
    await withToken.app.inject({ method: 'GET', url: '/api/v1/cameras', headers: bearer(owner.token) });
    await withToken.app.inject({ method: 'GET', url: `/api/v1/cameras/${gate}`, headers: bearer(owner.token) });
    recordSegmentIndexed(1.5);
    const text = (await withToken.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body;
    // Cameras the test created are offline (no recorder runs here): counted from the database.
    expect(text).toMatch(/^vigil_cameras\{status="offline"\} 2$/m);
    expect(text).toMatch(/^vigil_jobs\{state="waiting"\} \d+$/m);
    expect(text).toMatch(/^vigil_jobs\{state="dead"\} 0$/m);
    expect(text).toMatch(/^vigil_segments_indexed_total [1-9]\d*$/m);
    expect(text).toMatch(/^vigil_segment_index_lag_seconds_bucket\{le="2"\} [1-9]\d*$/m);
    expect(text).toMatch(/^vigil_upload_backlog_segments 0$/m);
    // By the route's pattern, never the raw URL with its ids.
    expect(text).toMatch(
      /^vigil_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/cameras",status="2xx"\} [1-9]\d*$/m,
    );
    expect(text).toMatch(/route="\/api\/v1\/cameras\/:id/);
    expect(text).not.toMatch(/route="\/api\/v1\/cameras\/[0-9a-f]{8}-/);
    expect(text).toMatch(/^vigil_process_cpu_seconds_total /m);
  });

  it('passes `promtool check metrics` (no gauge named like a counter)', async (ctx) => {
    if (!hasPromtool) ctx.skip('promtool is not installed (Debian: apt-get install prometheus)');
    const text = (await withToken.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body;
    expect(text).toMatch(/^vigil_nodejs_handles_active \d+$/m);
    expect(text).not.toMatch(/^vigil_nodejs_active_\w+_total/m);
    // promtool exits non-zero and names each problem on stderr.
    const problems = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(`${problems.stdout}${problems.stderr}`.trim()).toBe('');
    expect(problems.status).toBe(0);
  });
});

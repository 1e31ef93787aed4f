import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { HttpDuration } from './http-duration.ts';

describe('HttpDuration', () => {
  it("writes the same text as prom-client's Histogram for the same requests", async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const tally = new HttpDuration(ours);
    const histogram = new Histogram({
      name: 'vigil_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern, method and status class.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [theirs],
    });
    const routes = ['/api/v1/me', '/api/v1/cameras/:id', '/api/v1/sites'];
    // Bucket edges, values between them, and past the last bucket (in +Inf only).
    const seconds = [0, 0.005, 0.0051, 0.01, 0.3, 1, 2.5, 9.99, 10, 10.01, 42];
    let n = 0;
    // 200 and 204 are one series: GET /api/v1/me 2xx gets 11 + 10 requests.
    for (const route of routes)
      for (const method of ['GET', 'POST'])
        for (const status of [200, 204, 302, 404, 500])
          for (const s of seconds.slice(n++ % 4)) {
            tally.observe(method, route, status, s);
            histogram.observe({ method, route, status: `${Math.floor(status / 100)}xx` }, s);
          }
    const text = await ours.metrics();
    expect(text).toMatch(/_count\{method="GET",route="\/api\/v1\/me",status="2xx"\} 21$/m);
    expect(text).toBe(await theirs.metrics());
    // As JSON too (prom-client adds an empty exemplar to each bucket, which this does not keep).
    const values = async (r: Registry) =>
      (await r.getMetricsAsJSON())[0]!.values.map(({ labels, value, ...v }) => ({
        labels,
        value,
        metricName: (v as { metricName?: string }).metricName,
      }));
    expect(await values(ours)).toEqual(await values(theirs));
  });

  it('starts again empty after a reset, as the registry asks', async () => {
    const registry = new Registry();
    const tally = new HttpDuration(registry);
    tally.observe('GET', '/api/v1/me', 200, 0.001);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toMatch(/_count/);
  });
});

import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { httpDuration } from '../../lib/metrics.ts';
import type { MetricsService } from './metrics.service.ts';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * GET /metrics, Prometheus text format. With METRICS_TOKEN set it wants `Authorization: Bearer
 * <token>`; without, it answers only to this machine (the socket's address, never a forwarded one).
 * Every request of the app is timed by route pattern (not the raw URL: ids would explode the series).
 */
export function metricsRoutes(app: FastifyInstance, deps: { metrics: MetricsService; token?: string }) {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    if (route && route !== '/metrics')
      httpDuration.observe(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (deps.token) {
      const got = Buffer.from(req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '');
      const want = Buffer.from(deps.token);
      if (!req.headers.authorization) throw new AppError('auth/unauthenticated');
      if (got.length !== want.length || !timingSafeEqual(got, want)) throw new AppError('permission-denied');
    } else if (!LOOPBACK.test(req.socket.remoteAddress ?? '')) {
      throw new AppError('permission-denied', 'Set METRICS_TOKEN to scrape /metrics from another machine.');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(deps.metrics.contentType)
      .send(await deps.metrics.text());
  });
}

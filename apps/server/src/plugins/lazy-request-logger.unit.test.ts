import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './lazy-request-logger.ts';

function appWritingTo(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream }, childLoggerFactory: lazyRequestLogger });
  app.get('/quiet', async (req) => {
    req.log.info('not at this level');
    return 'ok';
  });
  app.get('/loud', async (req) => {
    req.log.warn({ what: 'x' }, 'written');
    req.log.child({ part: 'inner' }).error('inner line');
    return 'ok';
  });
  return app;
}

describe('lazyRequestLogger', () => {
  it('writes each line with the request id, as pino’s own child did', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appWritingTo(lines);
    const res = await app.inject({ method: 'GET', url: '/loud' });
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'written', what: 'x', reqId: 'req-1' });
    expect(lines[1]).toMatchObject({ level: 50, msg: 'inner line', part: 'inner', reqId: 'req-1' });
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(lines).toHaveLength(2);
    await app.close();
  });

  it('makes no child until a line is written, and only one after', () => {
    let children = 0;
    const written: unknown[] = [];
    const parent = {
      level: 'warn',
      isLevelEnabled: (level: string) => level === 'warn' || level === 'error' || level === 'fatal',
      child(bindings: object) {
        children++;
        return { ...parent, warn: (...args: unknown[]) => written.push([bindings, ...args]) };
      },
    } as unknown as FastifyBaseLogger;
    const log = lazyRequestLogger(parent, { reqId: 'r' }, {});
    log.info('dropped');
    log.debug('dropped');
    expect(children).toBe(0);
    expect(log.level).toBe('warn');
    log.warn('one');
    log.warn('two');
    expect(children).toBe(1);
    expect(written).toEqual([
      [{ reqId: 'r' }, 'one'],
      [{ reqId: 'r' }, 'two'],
    ]);
  });

  it("gives pino's own child when the route sets its own level", () => {
    let options: unknown;
    const parent = {
      child: (_b: object, o: unknown) => {
        options = o;
        return parent;
      },
    } as unknown as FastifyBaseLogger;
    expect(lazyRequestLogger(parent, { reqId: 'r' }, { level: 'debug' })).toBe(parent);
    expect(options).toEqual({ level: 'debug' });
  });
});

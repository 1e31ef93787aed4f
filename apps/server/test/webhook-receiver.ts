import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver on loopback that checks what it receives the way a real one should: the
 * X-Vigil-Signature over "t.body" with the shared secret, a timestamp within five minutes.
 * Each path can answer with a script of status codes (then 200), or hold the request open until
 * released (a worker killed mid-send).
 */
export interface Received {
  path: string;
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  signatureValid: boolean;
  answered: number;
}

export async function startWebhookReceiver(secret: string) {
  const received: Received[] = [];
  const scripts = new Map<string, number[]>();
  const held = new Set<string>();
  const waiting: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const status = scripts.get(path)?.shift() ?? 200;
      received.push({
        path,
        body: JSON.parse(raw),
        headers: req.headers,
        signatureValid: verify(secret, String(req.headers['x-vigil-signature'] ?? ''), raw),
        answered: held.has(path) ? 0 : status,
      });
      for (const w of waiting.splice(0)) w();
      if (held.has(path)) return; // never answered: the sender is killed meanwhile
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'try again');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    /** The next answers of a path, in order (then 200). */
    script(path: string, statuses: number[]) {
      scripts.set(path, [...statuses]);
    },
    hold(path: string) {
      held.add(path);
    },
    /** Resolves once `n` requests have arrived in all. */
    async waitFor(n: number, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} webhook requests, got ${received.length}`);
        await new Promise<void>((r) => {
          waiting.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** What a receiver does with X-Vigil-Signature: t=<unix>,v1=<hex>. */
export function verify(secret: string, header: string, body: string, now = Date.now()): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > 300 || !parts.v1) return false;
  const want = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const got = Buffer.from(parts.v1);
  return want.length === got.length && timingSafeEqual(want, got);
}

import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * JSON answers of a few kilobytes or more are compressed for a client that accepts it: Brotli at
 * its fastest setting, else gzip at its fastest (decision 0025). A 100-camera list is 104 KB of
 * JSON: Brotli makes it 4 KB in 0.07 ms and gzip 5.6 KB in 0.4 ms, where writing the 104 KB to
 * the socket cost the server more than that; on a phone's link the difference is the page.
 * Below MIN_BYTES the header costs more than it saves. Files (recordings, exports, pictures) are
 * already compressed and streamed, and the web app's files are compressed once at build time.
 *
 * BREACH needs a secret and an attacker's text in one compressed answer, read cross-site with the
 * victim's cookies: the session cookie is SameSite=Lax, so another site's requests carry none.
 */
const MIN_BYTES = 2048;
/** Above this, the compression runs on libuv's pool instead of the event loop. */
const SYNC_MAX_BYTES = 1 << 20;

const brotliOptions = (size: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const gzipOptions = { level: 1 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** The encoding to answer in from an Accept-Encoding header (q-values honoured); null: none. */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

async function compress(encoding: Encoding, body: Buffer): Promise<Buffer> {
  if (body.length <= SYNC_MAX_BYTES)
    return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body.length)) : gzipSync(body, gzipOptions);
  return encoding === 'br' ? brotliAsync(body, brotliOptions(body.length)) : gzipAsync(body, gzipOptions);
}

export function registerCompression(app: FastifyInstance) {
  // A callback hook, not an async one: the answers it leaves as they are (most of them, /me among
  // them) pass on at once, with no promise made for them.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return done(null, payload);
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < MIN_BYTES) return done(null, payload);
    // Caches between here and the client keep one copy per encoding.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    compress(encoding, typeof payload === 'string' ? Buffer.from(payload) : payload).then(
      (body) => done(null, body),
      (err: Error) => done(err),
    );
  });
}

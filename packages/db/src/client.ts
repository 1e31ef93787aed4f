import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = ReturnType<typeof createDb>['db'];
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repository accepts either the pool-backed db or a transaction. */
export type DbOrTx = Db | Tx;

// int8 (bigint: byte sizes, count(*)) as a JS number rather than a string. Byte counts stay far
// below 2^53 (9 PB), so nothing is lost, and raw SQL answers the same type as the schema.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * How long a pool waits, by what it serves. A frozen server accepts TCP connections and never
 * answers, and cannot enforce its own statement_timeout: the client's reply timeout
 * (query_timeout) is what ends the wait, a little after the server's own limit so that a live but
 * slow server still cancels its statement (57014 → deadline-exceeded) first.
 * - `request`: the API's pool. A request waits at most 3 s for a connection or a free slot of the
 *   pool (→ unavailable), and 10 s for a reply (→ deadline-exceeded): never a hang.
 * - `background`: recorders and job workers, whose statements (retention, recounts, reports) may
 *   legitimately run longer.
 */
export const DB_TIMEOUTS = {
  request: { connectionTimeoutMillis: 3000, statement_timeout: 8000, query_timeout: 10_000 },
  background: { connectionTimeoutMillis: 5000, statement_timeout: 15_000, query_timeout: 20_000 },
} as const;

/**
 * A connection whose reply never came is in an unknown state: pg only stops waiting, and the
 * connection would go back to the pool with the statement still running on a frozen server (a
 * transaction's ROLLBACK queued behind it, then dropped) — found after a thaw as a session "idle in
 * transaction" holding its locks, or never released at all when the timeout hit BEGIN (drizzle
 * releases only after it). So on a reply timeout the connection is closed and handed back to the
 * pool as broken at once: what was queued on it fails now, and a later release by its user is a
 * no-op.
 */
/**
 * Listeners told, in this process, as soon as a statement that may change what a signed-in session
 * resolves to has taken effect: an autocommit write once it returns, a transaction's writes once
 * its COMMIT returns (the session cache of modules/auth drops what it holds). Other processes'
 * writes reach it through PostgreSQL NOTIFY instead; this closes the window a notification takes,
 * so a request that follows a revocation in this process never sees the old session.
 */
const writeWatchers = new Set<{ test: (text: string) => boolean; fire: () => void }>();

/** Calls `fire` after each committed statement whose text `test` accepts; returns the unwatch. */
export function watchWrites(test: (text: string) => boolean, fire: () => void): () => void {
  const w = { test, fire };
  writeWatchers.add(w);
  return () => writeWatchers.delete(w);
}

const WRITE = /^\s*(insert|update|delete|with|select\s+\w+\s*\()/i;

class FailFastClient extends pg.Client {
  /** The watchers a statement of the open transaction concerned: fired when it commits. */
  private pendingWatchers: Set<() => void> | null = null;
  private inTransaction = false;

  /**
   * The watchers a statement concerns, fired twice: as it is sent, and once its change is
   * committed (when it returns, or at COMMIT inside a transaction). The first firing matters: the
   * server commits (and its NOTIFYs go out to other connections) before this client reads the
   * answer, and in that window an answer kept from before must already be gone; a read begun
   * between the two firings is not kept either (the cache's generations).
   */
  private watchersFor(text: string): { now: (() => void)[] | null; after: (() => void)[] | null } {
    const none = { now: null, after: null };
    const head = text.trimStart().slice(0, 8).toLowerCase();
    if (head.startsWith('begin') || head.startsWith('start')) {
      this.inTransaction = true;
      this.pendingWatchers = null;
      return none;
    }
    if (head.startsWith('commit') || head.startsWith('end') || head.startsWith('rollback')) {
      const pending = head.startsWith('rollback') ? null : this.pendingWatchers;
      this.inTransaction = false;
      this.pendingWatchers = null;
      return pending ? { now: [...pending], after: [...pending] } : none;
    }
    if (!WRITE.test(text)) return none;
    const hits = [...writeWatchers].filter((w) => w.test(text)).map((w) => w.fire);
    if (!hits.length) return none;
    if (!this.inTransaction) return { now: hits, after: hits };
    this.pendingWatchers ??= new Set();
    for (const fire of hits) this.pendingWatchers.add(fire);
    return { now: hits, after: null };
  }

  private dropOnTimeout = (err: unknown) => {
    if (!(err instanceof Error) || err.message !== 'Query read timeout') return;
    const self = this as unknown as { connection?: { stream?: { destroy(): void } }; release?: (e?: Error) => void };
    self.connection?.stream?.destroy();
    const release = self.release;
    if (release) {
      self.release = () => {};
      release(err);
    }
  };

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; every form passes through.
  override query(...args: any[]): any {
    const first = args[0];
    const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : '';
    const watchers = writeWatchers.size ? this.watchersFor(text) : null;
    if (watchers?.now) for (const f of watchers.now) f();
    const fire = watchers?.after;
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        this.dropOnTimeout(err);
        if (fire) for (const f of fire) f();
        last(err, res);
      };
      // biome-ignore lint/suspicious/noExplicitAny: see above.
      return (super.query as any)(...args);
    }
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    const result = (super.query as any)(...args);
    if (result && typeof result.then === 'function') {
      // Registered before the caller's own await: the watchers hear of the write first.
      if (fire) {
        const fireAll = () => {
          for (const f of fire) f();
        };
        result.then(fireAll, fireAll);
      }
      result.then(undefined, this.dropOnTimeout);
    }
    return result;
  }
}

/**
 * A server that goes away (a restart, a crash, a failover: "terminating connection due to
 * unexpected postmaster exit") must not end the process. pg emits 'error' on the pool for an idle
 * client, but on the client itself for one checked out between two statements (inside a
 * transaction, say), where no listener means a crash; its user then sees the next statement fail
 * and releases it broken, and the pool opens a fresh connection when the server is back.
 */
function survivesLostConnections(pool: pg.Pool): void {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

/**
 * A pool that fails fast instead of hanging when the database is gone or frozen (see DB_TIMEOUTS
 * and FailFastClient). Migrations pass `timeouts: false`: they may legitimately run long.
 */
export function createDb(
  connectionString: string,
  max = 10,
  opts: { timeouts?: keyof typeof DB_TIMEOUTS | false } = {},
) {
  const limits = opts.timeouts === false ? {} : DB_TIMEOUTS[opts.timeouts ?? 'background'];
  const pool = new pg.Pool({ connectionString, max, ...limits, Client: FailFastClient });
  survivesLostConnections(pool);
  const db = drizzle(pool, { schema });
  return { db, pool };
}

export interface DatabaseProbe {
  /** True when the database answered `select 1` within the probe's deadline. */
  ping(): Promise<boolean>;
  end(): Promise<void>;
}

/**
 * The health checks' view of the database: one connection of its own, so a request pool whose
 * slots are all busy never reads as a database that is down, and one deadline for connecting and
 * answering together, so a frozen server is reported within `timeoutMs`. Pings that overlap share
 * one round trip: a load balancer probing often adds no load.
 */
export function createDatabaseProbe(connectionString: string, timeoutMs = 1000): DatabaseProbe {
  const pool = new pg.Pool({
    connectionString,
    max: 1,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs,
  });
  survivesLostConnections(pool);
  let inFlight: Promise<boolean> | null = null;
  const once = async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([
        pool.query('select 1').then(
          () => true,
          () => false,
        ),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    ping: () => {
      inFlight ??= once().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    end: () => pool.end(),
  };
}

/**
 * Ends a pool and resolves once each of its connections has closed: pg's own `end()` resolves when
 * it has asked them to, and a PostgreSQL stopped right after would still cut the last ones off
 * (their owners log "terminating connection"). Bounded: a connection that cannot close in time
 * (the server gone) is not waited for.
 */
export async function endPool(pool: pg.Pool, timeoutMs = 3000): Promise<void> {
  let open = pool.totalCount;
  let timer: NodeJS.Timeout | undefined;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open <= 0) resolve();
    });
    timer = setTimeout(resolve, timeoutMs);
  });
  await pool.end();
  await closed;
  clearTimeout(timer);
}

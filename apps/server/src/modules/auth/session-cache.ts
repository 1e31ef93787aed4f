import { watchWrites } from '@vigil/db';
import pg from 'pg';

/** The channel the triggers of migration 0037 notify on whatever may change a resolved session. */
export const SESSIONS_CHANNEL = 'vigil_sessions';

/**
 * What a statement of this process may change in a resolved session: the session, the person,
 * the workspace and its owner, the membership, two-factor, and the cameras a site-limited
 * membership reaches (added, removed, moved between sites).
 */
const SESSION_TABLES = /\b(sessions|users|workspaces|memberships|user_two_factor|sites)\b/i;
const CAMERA_SCOPE =
  /^\s*(insert\s+into|delete\s+from)\s+"?cameras\b|^\s*update\s+"?cameras"?\s[\s\S]*\b(site_id|workspace_id)\b/i;
export const touchesSessions = (text: string) => SESSION_TABLES.test(text) || CAMERA_SCOPE.test(text);

interface Entry<T> {
  value: T;
  generation: number;
  at: number;
}

export interface SessionCache<T> {
  /** The value for `key`, from memory when nothing changed since it was read, else from `load`. */
  get(key: string, load: () => Promise<T | null>): Promise<T | null>;
  /**
   * The value kept for `key` when memory may answer and nothing changed since it was read, without
   * a promise (a request whose session is known goes on at once); undefined when `get` must load it.
   */
  peek(key: string): T | undefined;
  /**
   * The key (the token's hash) of a raw token, remembered while answers may come from memory:
   * `hash` runs once per token between changes, not on every request. Forgotten with everything
   * else on any change, so a revoked token does not stay in memory.
   */
  keyOf(token: string, hash: (token: string) => string): string;
  /** Stops listening; nothing is served from memory any more. */
  stop(): Promise<void>;
  /** Whether answers may come from memory now (the listener is connected). */
  active(): boolean;
}

/**
 * Every API request resolves its session, and the query was most of the work of a cheap read
 * (docs/decisions/0015-session-cache.md). The cache keeps what a token hash resolved to and forgets
 * everything at once when anything it depends on changes:
 * - in this process, right after the write (or its transaction's COMMIT) returns (watchWrites), so
 *   the request that follows a revocation here never sees the old session;
 * - in other processes, on the NOTIFY the tables' triggers send at commit.
 * A read that began before a change is not kept (generations), and while the listener is not
 * connected nothing is kept or served from memory: a lost notification cannot leave it stale.
 * `ttlMs` bounds how long an answer is reused even with no change (expiry is the caller's check).
 */
export function createSessionCache<T>(opts: {
  connectionString: string;
  log: (msg: string) => void;
  ttlMs?: number;
  maxEntries?: number;
}): SessionCache<T> {
  const ttlMs = opts.ttlMs ?? 30_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const entries = new Map<string, Entry<T>>();
  const keys = new Map<string, string>();
  let generation = 0;
  let listening = false;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const forget = () => {
    generation += 1;
    entries.clear();
    keys.clear();
  };
  const unwatch = watchWrites(touchesSessions, forget);

  function lost() {
    listening = false;
    forget();
    const c = client;
    client = null;
    c?.end().catch(() => {});
    if (stopped || retry) return;
    opts.log('session cache: its listener lost the database; sessions are read from the database until it is back');
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 1000);
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: opts.connectionString });
    c.on('notification', forget);
    c.on('error', () => {});
    c.on('end', () => {
      if (client === c) lost();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${SESSIONS_CHANNEL}`);
    } catch {
      await c.end().catch(() => {});
      if (!stopped && !retry)
        retry = setTimeout(() => {
          retry = undefined;
          void connect();
        }, 1000);
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    // Whatever changed while nobody listened is forgotten before anything is kept again.
    forget();
    listening = true;
  }
  void connect();

  const peek = (key: string): T | undefined => {
    if (!listening) return undefined;
    const hit = entries.get(key);
    return hit && hit.generation === generation && performance.now() - hit.at < ttlMs ? hit.value : undefined;
  };

  const keyOf = (token: string, hash: (token: string) => string): string => {
    let key = keys.get(token);
    if (key !== undefined) return key;
    key = hash(token);
    // Remembered only while listening: otherwise nothing would ever clear it.
    if (listening) {
      if (keys.size >= maxEntries) keys.delete(keys.keys().next().value as string);
      keys.set(token, key);
    }
    return key;
  };

  return {
    peek,
    keyOf,
    async get(key, load) {
      const kept = peek(key);
      if (kept !== undefined) return kept;
      const readAt = generation;
      const value = await load();
      if (value !== null && listening && readAt === generation) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(key, { value, generation: readAt, at: performance.now() });
      }
      return value;
    },
    active: () => listening,
    async stop() {
      stopped = true;
      listening = false;
      clearTimeout(retry);
      unwatch();
      entries.clear();
      keys.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

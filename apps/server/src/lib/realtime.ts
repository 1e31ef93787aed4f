import type { DbOrTx } from '@vigil/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';

/**
 * Realtime (spec §7 "live snapshot listening") rides on PostgreSQL LISTEN/NOTIFY, so an event
 * published by any server process reaches the SSE clients of every process. NOTIFY inside a
 * transaction is delivered on commit, so listeners never see a change that rolled back.
 */
export const CHANNEL = 'vigil_events';

export interface RealtimeEvent {
  topic: string;
  /** The user the event concerns (a changed document, a revoked session). */
  uid?: string;
  workspaceId?: string;
  /** The object the event is about (a camera id, …). */
  id?: string;
  /**
   * The camera the object belongs to (an event's, an export's; null: none, workspace-wide): a
   * member limited to some cameras hears nothing of the others.
   */
  cameraId?: string | null;
  /** For role.changed: the new role. */
  role?: string;
  /** For session.revoked: only this session (its token hash) ended; absent means all of the user's. */
  session?: string;
  /** For session.revoked: every session of the user ended except this one (a password change). */
  exceptSession?: string;
  /** What the message carries itself (the `ai` topic's detections); pg_notify's payload stays under 8 kB. */
  data?: unknown;
}

/** Whether a session.revoked event ends what the session `tokenHash` of user `uid` has open. */
export function revokes(e: RealtimeEvent, uid: string, tokenHash: string): boolean {
  if (e.topic !== 'session.revoked' || e.uid !== uid) return false;
  if (e.session !== undefined) return e.session === tokenHash;
  return e.exceptSession !== tokenHash;
}

export async function publish(db: DbOrTx, event: RealtimeEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}

export interface RealtimeHub {
  subscribe(fn: (e: RealtimeEvent) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createRealtimeHub(databaseUrl: string, log: (msg: string) => void): RealtimeHub {
  const subscribers = new Set<(e: RealtimeEvent) => void>();
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      if (!msg.payload) return;
      let event: RealtimeEvent;
      try {
        event = JSON.parse(msg.payload);
      } catch {
        return;
      }
      for (const fn of subscribers) fn(event);
    });
    c.on('error', () => reconnect());
    c.on('end', () => reconnect());
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
  }

  function reconnect() {
    if (stopped || retry) return;
    client = null;
    log('realtime listener lost its connection; reconnecting');
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => reconnect());
    }, 1000);
  }

  return {
    subscribe(fn) {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    start: connect,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

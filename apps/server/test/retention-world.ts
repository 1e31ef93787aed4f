import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Db, schema } from '@vigil/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { insertOwner, videoTestDb, writeIndexedSegment } from './recorder-helpers.ts';

/**
 * Retention against a real database and real files: segments are written to the media tree as
 * the recorder lays them out (with a cached thumbnail beside each) and indexed through
 * insertSegment, so recordings and usage are grouped exactly as the live indexer groups them.
 * One database per test file (its hooks are registered by the call).
 */
export const NOW = new Date('2026-11-20T12:00:00Z');
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const SEG_BYTES = 1000;

export interface Placed {
  file: string;
  startAt: Date;
}
type Cam = { id: string; workspaceId: string };

export const names = (ps: Placed[]) => ps.map((p) => path.basename(p.file));
export const gone = (ps: Placed[]) => ps.every((p) => !existsSync(p.file) && !existsSync(`${p.file}.thumbs`));
export const kept = (ps: Placed[]) => ps.every((p) => existsSync(p.file) && existsSync(`${p.file}.thumbs`));

export function useRetentionWorld() {
  let t: Awaited<ReturnType<typeof videoTestDb>>;
  const logs: string[] = [];
  beforeAll(async () => {
    t = await videoTestDb();
  });
  afterAll(() => t?.close());

  /** One segment file, 10 s unless said (+ a cached thumbnail), indexed. */
  async function segment(cam: Cam, startAt: Date, bytes = SEG_BYTES, lengthMs = 10_000): Promise<Placed> {
    const file = await writeIndexedSegment(t.db, t.mediaRoot, cam, startAt, randomBytes(bytes), lengthMs);
    mkdirSync(`${file}.thumbs`, { recursive: true });
    writeFileSync(path.join(`${file}.thumbs`, '0.jpg'), randomBytes(10));
    return { file, startAt };
  }

  /** `n` contiguous segments from `from`: one recording. */
  async function recording(cam: Cam, from: Date, n = 1): Promise<Placed[]> {
    const out: Placed[] = [];
    for (let i = 0; i < n; i++) out.push(await segment(cam, new Date(from.getTime() + i * 10_000)));
    return out;
  }

  async function workspace(limits: { maxStorage?: number; maxRecordings?: number } = {}) {
    const { workspaceId, ownerId } = await insertOwner(t.db);
    await t.db
      .update(schema.users)
      .set({ limits: sql`${schema.users.limits} || ${JSON.stringify(limits)}::jsonb` })
      .where(eq(schema.users.id, ownerId));
    return { workspaceId, ownerId };
  }

  async function protect(filePlaced: Placed): Promise<void> {
    const rel = path.relative(t.mediaRoot, filePlaced.file).split(path.sep).join('/');
    await t.db.execute(
      sql`update recordings set protected = true where id = (select recording_id from segments where path = ${rel})`,
    );
  }

  /** What is left, checked against the usage counters: they must be the exact sums. */
  async function state(workspaceId: string) {
    const db = t.db;
    const segs = await db.execute<{ path: string }>(
      sql`select path from segments where workspace_id = ${workspaceId} order by start_at`,
    );
    const recs = await db.execute<{ n: number; bytes: number }>(
      sql`select count(*)::int as n, coalesce(sum(bytes), 0)::float8 as bytes from recordings where workspace_id = ${workspaceId}`,
    );
    const segBytes = await db.execute<{ bytes: number }>(
      sql`select coalesce(sum(bytes), 0)::float8 as bytes from segments where workspace_id = ${workspaceId}`,
    );
    const usage = await db.execute<{ usage: { recordingsCount: number; storageUsed: number } }>(
      sql`select usage from users where workspace_id = ${workspaceId}`,
    );
    const { n, bytes } = recs.rows[0]!;
    expect(segBytes.rows[0]!.bytes).toBe(bytes);
    expect(usage.rows[0]!.usage).toMatchObject({ recordingsCount: n, storageUsed: Math.round(bytes / 1e6) / 1e3 });
    return { paths: segs.rows.map((r) => path.posix.basename(r.path)), recordings: n, bytes };
  }

  async function notices(workspaceId: string) {
    const r = await t.db.execute<{
      reason: string;
      recordings_removed: number;
      bytes_removed: number;
      limit_value: number;
    }>(
      sql`select reason, recordings_removed, bytes_removed::float8 as bytes_removed, limit_value from prune_notices
          where workspace_id = ${workspaceId} order by reason`,
    );
    return r.rows;
  }

  return {
    get db(): Db {
      return t.db;
    },
    get t() {
      return t;
    },
    logs,
    log: (m: string) => void logs.push(m),
    segment,
    recording,
    workspace,
    protect,
    state,
    notices,
  };
}

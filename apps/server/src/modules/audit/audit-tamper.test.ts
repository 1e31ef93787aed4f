import { readFileSync } from 'node:fs';
import { createDb } from '@vigil/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from '../../../test/harness.ts';
import { verifyAudit } from '../../../test/audit-helpers.ts';
import { withPg } from '../../../test/helpers.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { CHECKPOINT_KEY, writeCheckpoints } from './audit-checkpoints.service.ts';
import { deriveAuditKeys } from './audit-hash.ts';
import { auditModule } from './audit.module.ts';

/**
 * What a superuser of the database can do to the log, each found by Verify: edit a row and
 * recompute the chain (without the key), remove the last entries, remove a whole chain, rewrite a
 * chain from its start; and what must still verify: an untouched chain, and a chain whose
 * entries written before it was keyed keep their unkeyed hashes.
 */
describe('audit log against a database superuser', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let db: ReturnType<typeof createDb>;
  let storage: ReturnType<typeof createLocalStorage>;
  let keys: ReturnType<typeof deriveAuditKeys>;

  const verify = (token: string, scope = 'workspace') => verifyAudit(t.app, token, scope);
  /** A workspace with a chain of `n` entries (a camera created, then renamed). */
  const workspaceWith = async (label: string, n: number) => {
    const w = await signUp(t.app, { displayName: label });
    const cam = await createTestPatternCamera(t.app, w.token, `${label} 1`);
    for (let i = 2; i <= n; i++) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/cameras/${cam}`,
        headers: bearer(w.token),
        payload: { name: `${label} ${i}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return w;
  };
  const checkpoint = () => writeCheckpoints(db.db, storage, keys);
  /** As the table's owner, with the append-only trigger off for the statement. */
  const behindTheTrigger = (statement: string, params: unknown[] = []) =>
    withPg(t.databaseUrl, async (c) => {
      await c.query('alter table audit_log disable trigger all');
      try {
        await c.query(statement, params);
      } finally {
        await c.query('alter table audit_log enable trigger all');
      }
    });
  /**
   * Recomputes a chain from `fromSeq` on with the unkeyed function (hash_version `version`), each
   * entry linked to the recomputed one before it: what a superuser without the key can do.
   */
  const rehashUnkeyed = (chain: string, fromSeq: number, version: number) =>
    behindTheTrigger(`do $$
      declare r record; prev text := coalesce((select hash from audit_log where chain = '${chain}' and seq = ${fromSeq - 1}), repeat('0', 64));
      begin
        for r in select id from audit_log where chain = '${chain}' and seq >= ${fromSeq} order by seq loop
          update audit_log set prev_hash = prev, hash_version = ${version},
                 hash = audit_entry_hash(prev, chain, seq, at, workspace_id, actor_id, actor_kind, api_key_id, action,
                                         target_type, target_id, ip, details)
           where id = r.id returning hash into prev;
        end loop;
      end $$`);
  const seqOf = async (chain: string) =>
    withPg(t.databaseUrl, async (c) => {
      const { rows } = await c.query('select id::text, seq::int, hash from audit_log where chain = $1 order by seq', [
        chain,
      ]);
      return rows as { id: string; seq: number; hash: string }[];
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app, { displayName: 'Admin' });
    db = createDb(t.databaseUrl, 2);
    storage = createLocalStorage(t.config.storageDir, t.config.authSecret);
    keys = deriveAuditKeys(t.config.authSecret);
  });
  afterAll(async () => {
    await db.pool.end();
    await t.close();
  });

  it('the work role’s audit-checkpoint job writes the signed checkpoints into storage', async () => {
    const w = await workspaceWith('By the job', 2);
    const jobs = await auditModule.work.start({ db: db.db, config: t.config, storage } as never);
    await jobs.tasks['audit-checkpoint']();
    const stored = JSON.parse(readFileSync(storage.file(CHECKPOINT_KEY), 'utf8'));
    expect(stored.mac).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(stored.body).chains).toContainEqual(expect.objectContaining({ chain: w.workspace.id, seq: 2 }));
  });

  it('an untouched chain verifies against its checkpoint', async () => {
    const w = await workspaceWith('Untouched', 3);
    const written = await checkpoint();
    expect(written.chains.get(w.workspace.id)).toMatchObject({ seq: 3 });
    const res = await verify(w.token);
    expect(res).toMatchObject({ ok: true, entries: 3, brokenAt: null, checkpointAt: written.writtenAt });
    // Entries after the checkpoint are fine too: it says where the chain was, not where it ends.
    await createTestPatternCamera(t.app, w.token, 'Later');
    expect(await verify(w.token)).toMatchObject({ ok: true, entries: 4 });
  });

  it('entries written before the chain was keyed keep their unkeyed hashes and verify', async () => {
    const w = await workspaceWith('Legacy', 3);
    // As a database migrated from before the key: every entry version 1, hashed unkeyed.
    await rehashUnkeyed(w.workspace.id, 1, 1);
    await createTestPatternCamera(t.app, w.token, 'Keyed now');
    const rows = await withPg(t.databaseUrl, (c) =>
      c.query('select seq::int, hash_version from audit_log where chain = $1 order by seq', [w.workspace.id]),
    );
    expect(rows.rows).toEqual([
      { seq: 1, hash_version: 1 },
      { seq: 2, hash_version: 1 },
      { seq: 3, hash_version: 1 },
      { seq: 4, hash_version: 2 },
    ]);
    expect(await verify(w.token)).toMatchObject({ ok: true, entries: 4 });
  });

  it('an edited row with the chain recomputed (no key) is found at the edited row', async () => {
    const w = await workspaceWith('Edited', 5);
    await checkpoint();
    const [, , third] = await seqOf(w.workspace.id);
    await behindTheTrigger(`update audit_log set details = '{"name":"Innocent"}' where id = $1`, [third!.id]);
    await rehashUnkeyed(w.workspace.id, 3, 2);
    expect((await verify(w.token)).brokenAt).toMatchObject({ id: third!.id, seq: 3, reason: 'hash-mismatch' });
    // Marked as unkeyed entries instead: a keyed chain never goes back to unkeyed.
    await rehashUnkeyed(w.workspace.id, 3, 1);
    expect((await verify(w.token)).brokenAt).toMatchObject({ id: third!.id, seq: 3, reason: 'hash-mismatch' });
  });

  it('a chain rewritten from its start as unkeyed entries is found by its checkpoint', async () => {
    const w = await workspaceWith('Rewritten', 3);
    await checkpoint();
    const before = await seqOf(w.workspace.id);
    await behindTheTrigger(`update audit_log set details = '{"name":"Innocent"}' where id = $1`, [before[0]!.id]);
    await rehashUnkeyed(w.workspace.id, 1, 1);
    expect((await verify(w.token)).brokenAt).toMatchObject({
      id: before[2]!.id,
      chain: w.workspace.id,
      seq: 3,
      reason: 'checkpoint-mismatch',
    });
  });

  it('a removed last entry is found, and a later checkpoint does not forget it', async () => {
    const w = await workspaceWith('Tail', 4);
    await checkpoint();
    const rows = await seqOf(w.workspace.id);
    await behindTheTrigger('delete from audit_log where id = $1', [rows[3]!.id]);
    const expected = { id: rows[3]!.id, chain: w.workspace.id, seq: 4, reason: 'tail-removed' };
    expect(await verify(w.token)).toMatchObject({ ok: false, brokenAt: expected });
    await checkpoint();
    expect((await verify(w.token)).brokenAt).toMatchObject(expected);
    // Two more gone: the break is where the chain now ends.
    await behindTheTrigger('delete from audit_log where chain = $1 and seq >= 2', [w.workspace.id]);
    expect((await verify(w.token)).brokenAt).toMatchObject({ chain: w.workspace.id, seq: 2, reason: 'tail-removed' });
  });

  it('a removed whole chain is found, in the installation’s view too', async () => {
    const w = await workspaceWith('Gone', 2);
    await checkpoint();
    const rows = await seqOf(w.workspace.id);
    await behindTheTrigger('delete from audit_log where chain = $1', [w.workspace.id]);
    const expected = { id: rows[1]!.id, chain: w.workspace.id, seq: 2, reason: 'chain-removed' };
    expect(await verify(w.token)).toMatchObject({ ok: false, entries: 0, brokenAt: expected });
    const all = await verify(admin.token, 'installation');
    expect(all.ok).toBe(false);
    // Other chains broke in earlier tests; this one is among the breaks the checkpoint sees.
    expect(all.brokenAt).not.toBeNull();
  });

  it('checkpoints edited outside Vigil fail their signature, and the job leaves them as found', async () => {
    const w = await workspaceWith('Forged', 1);
    await checkpoint();
    const stored = JSON.parse(readFileSync(storage.file(CHECKPOINT_KEY), 'utf8'));
    const body = JSON.parse(stored.body);
    body.chains = body.chains.filter((c: { chain: string }) => c.chain !== w.workspace.id);
    await storage.put(
      CHECKPOINT_KEY,
      Buffer.from(JSON.stringify({ body: JSON.stringify(body), mac: stored.mac })),
      'application/json',
    );
    expect((await verify(w.token)).brokenAt).toMatchObject({ chain: w.workspace.id, reason: 'checkpoint-forged' });
    await expect(checkpoint()).rejects.toThrow(/signature/);
  });
});

import { createDb } from '@vigil/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from '../../../test/harness.ts';
import { auditEntries, verifyAudit } from '../../../test/audit-helpers.ts';
import { withPg } from '../../../test/helpers.ts';
import { requestContext } from '../../lib/request-context.ts';
import { deriveAuditKeys } from './audit-hash.ts';
import { verifyChains } from './audit-verify.service.ts';
import { audit } from './audit.service.ts';

/**
 * The audit log end to end: entries written by audited requests with their actor and address,
 * the chain verified, a row edited behind the trigger's back found by Verify, the trigger itself,
 * concurrent appends, the CSV export, and one workspace never seeing another's entries.
 */
/** A keyed re-hash of a row in place, as someone holding AUTH_SECRET could do (the pads: $pad, $pad+1). */
const keyedRehash = (pad: number) => `audit_entry_hmac($${pad}::bytea, $${pad + 1}::bytea, prev_hash, chain, seq, at,
  workspace_id, actor_id, actor_kind, api_key_id, action, target_type, target_id, ip, details)`;

describe('audit log', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  let keys: ReturnType<typeof deriveAuditKeys>;

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const list = (token: string, query = '') => auditEntries(t.app, token, query);
  const verify = (token: string, scope = 'workspace') => verifyAudit(t.app, token, scope);

  beforeAll(async () => {
    t = await createTestApp();
    keys = deriveAuditKeys(t.config.authSecret);
    admin = await signUp(t.app, { displayName: 'Admin' }); // first account → admin
    owner = await signUp(t.app, { displayName: 'Olivia Owner' });
    other = await signUp(t.app, { displayName: 'Other tenant' });
  });
  afterAll(() => t.close());

  it('records an audited change with its person and address, and the chain verifies', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cameras',
      headers: bearer(owner.token),
      remoteAddress: '203.0.113.7',
      payload: { name: 'Front door', source: { type: 'test-pattern' }, recordingMode: 'continuous' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/cameras/${id}`,
      headers: bearer(owner.token),
      remoteAddress: '203.0.113.8',
      payload: { name: 'Back door' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const items = await list(owner.token);
    const [update, create] = items;
    expect(create).toMatchObject({
      action: 'camera.created',
      actorId: owner.user.uid,
      actorKind: 'user',
      actorEmail: owner.user.email,
      targetType: 'camera',
      targetId: id,
      ip: '203.0.113.7',
      workspaceId: owner.workspace.id,
      details: { name: 'Front door' },
    });
    expect(update).toMatchObject({
      action: 'camera.updated',
      ip: '203.0.113.8',
      details: { name: 'Back door', previousName: 'Front door', fields: ['name'] },
    });
    expect(update!.seq).toBe(create!.seq + 1);
    expect(await verify(owner.token)).toMatchObject({ ok: true, entries: items.length, brokenAt: null });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the log, even to the database owner', async () => {
    await withPg(t.databaseUrl, async (c) => {
      await expect(c.query(`update audit_log set ip = '1.2.3.4'`)).rejects.toThrow(/append-only/);
      await expect(c.query('delete from audit_log')).rejects.toThrow(/append-only/);
      await expect(c.query('truncate audit_log')).rejects.toThrow(/append-only/);
    });
  });

  it('a row edited behind the trigger’s back makes Verify point at it', async () => {
    const cam = await createTestPatternCamera(t.app, other.token, 'Gate');
    for (const name of ['Gate 2', 'Gate 3', 'Gate 4']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/cameras/${cam}`,
        headers: bearer(other.token),
        payload: { name },
      });
      expect(res.statusCode).toBe(200);
    }
    const items = await list(other.token);
    expect(await verify(other.token)).toMatchObject({ ok: true, entries: 4 });
    const victim = items.find((e) => e.details.name === 'Gate 3')!;
    await withPg(t.databaseUrl, async (c) => {
      await c.query('set session_replication_role = replica');
      await c.query(`update audit_log set details = '{"name":"Innocent"}' where id = $1`, [victim.id]);
    });
    const result = await verify(other.token);
    expect(result).toMatchObject({
      ok: false,
      brokenAt: { id: victim.id, seq: victim.seq, reason: 'hash-mismatch' },
    });
    // The owner's workspace has its own chain: still intact.
    expect((await verify(owner.token)).ok).toBe(true);
    // The installation's view (every chain) finds the same break.
    expect((await verify(admin.token, 'installation')).brokenAt?.id).toBe(victim.id);
  });

  it('a row rewritten whole: without the key its own hash fails; with it, its successor’s link does', async () => {
    const w = await signUp(t.app, { displayName: 'Rewritten' });
    const cam = await createTestPatternCamera(t.app, w.token, 'One');
    for (const name of ['Two', 'Three'])
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/cameras/${cam}`,
        headers: bearer(w.token),
        payload: { name },
      });
    const [, second] = await list(w.token);
    // A superuser without the key rewrites an entry and recomputes an (unkeyed) hash for it.
    await withPg(t.databaseUrl, async (c) => {
      await c.query('set session_replication_role = replica');
      await c.query(
        `update audit_log set details = $2::jsonb,
           hash = audit_entry_hash(prev_hash, chain, seq, at, workspace_id, actor_id, actor_kind, api_key_id, action,
                                   target_type, target_id, ip, $2::jsonb)
         where id = $1`,
        [second!.id, JSON.stringify({ name: 'Forged' })],
      );
    });
    expect((await verify(w.token)).brokenAt).toMatchObject({ id: second!.id, reason: 'hash-mismatch' });
    // Someone holding AUTH_SECRET rewrites it with a keyed hash: consistent in itself, its
    // successor still links to the original hash.
    await withPg(t.databaseUrl, async (c) => {
      await c.query('set session_replication_role = replica');
      await c.query(
        `update audit_log set details = $2::jsonb, hash = ${keyedRehash(3).replace('details)', '$2::jsonb)')} where id = $1`,
        [second!.id, JSON.stringify({ name: 'Forged' }), keys.ipad, keys.opad],
      );
    });
    expect((await verify(w.token)).brokenAt).toMatchObject({ id: second!.id, reason: 'link-mismatch' });
  });

  it('a removed entry is found by the gap it leaves', async () => {
    const w = await signUp(t.app, { displayName: 'Gap' });
    const cam = await createTestPatternCamera(t.app, w.token, 'A');
    for (const name of ['B', 'C'])
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/cameras/${cam}`,
        headers: bearer(w.token),
        payload: { name },
      });
    const [last, middle] = await list(w.token);
    await withPg(t.databaseUrl, async (c) => {
      await c.query('set session_replication_role = replica');
      await c.query('delete from audit_log where id = $1', [middle!.id]);
    });
    expect((await verify(w.token)).brokenAt).toMatchObject({ id: last!.id, reason: 'missing-entries' });
  });

  it('Verify carries each chain across its batches: breaks at a batch’s edge are found and blamed right', async () => {
    const w = await signUp(t.app, { displayName: 'Batches' });
    const cam = await createTestPatternCamera(t.app, w.token, 'B1');
    for (const name of ['B2', 'B3', 'B4', 'B5'])
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/cameras/${cam}`,
        headers: bearer(w.token),
        payload: { name },
      });
    const { db, pool } = createDb(t.databaseUrl, 1);
    const scope = { workspaceId: w.workspace.id };
    const rowAt = async (seq: number) => (await list(w.token, '?limit=200')).find((e) => e.seq === seq)!;
    try {
      for (const size of [1, 2, 3, 5, 50])
        expect(await verifyChains(db, keys, scope, size)).toMatchObject({ ok: true, entries: 5 });
      // Entry 2 rewritten whole: its successor, 3, opens the second batch of 2 and blames it.
      const second = await rowAt(2);
      await withPg(t.databaseUrl, async (c) => {
        await c.query('set session_replication_role = replica');
        await c.query(
          `update audit_log set ip = '192.0.2.1', hash = ${keyedRehash(2).replace(', ip,', ", '192.0.2.1',")} where id = $1`,
          [second.id, keys.ipad, keys.opad],
        );
      });
      for (const size of [1, 2, 3, 50])
        expect(await verifyChains(db, keys, scope, size), `batch ${size}`).toMatchObject({
          ok: false,
          entries: 3,
          brokenAt: { id: second.id, seq: 2, at: second.at, reason: 'link-mismatch' },
        });
      // The installation's view (every chain, an earlier test's break first) answers the same
      // whether its batches cross chains' edges or not.
      const whole = await verifyChains(db, keys, 'installation');
      for (const size of [1, 2, 7]) {
        const small = await verifyChains(db, keys, 'installation', size);
        expect({ entries: small.entries, brokenAt: small.brokenAt }, `batch ${size}`).toEqual({
          entries: whole.entries,
          brokenAt: whole.brokenAt,
        });
      }
    } finally {
      await pool.end();
    }
  });

  it('50 concurrent appends to one chain still verify', async () => {
    const w = await signUp(t.app, { displayName: 'Busy' });
    const cam = await createTestPatternCamera(t.app, w.token, 'Busy camera');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/v1/cameras/${cam}`,
          headers: bearer(w.token),
          payload: { name: `Busy ${i}` },
        }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const res = await verify(w.token);
    expect(res).toMatchObject({ ok: true, entries: 51, chains: 1 });
    const seqs = (await list(w.token, '?limit=200')).map((e) => e.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
  });

  it('record() without a request: explicit person, or the installation chain and the system', async () => {
    const { db, pool } = createDb(t.databaseUrl, 2);
    try {
      expect(requestContext.get()).toBeUndefined();
      await audit.record(db, {
        action: 'sign-in.failed',
        workspaceId: null,
        actorId: null,
        ip: '192.0.2.99',
        details: { email: 'nobody@example.com' },
      });
      await db.transaction((tx) =>
        audit.record(tx, { action: 'sign-in.succeeded', workspaceId: owner.workspace.id, actorId: owner.user.uid }),
      );
    } finally {
      await pool.end();
    }
    const all = await list(admin.token, '?scope=installation&action=sign-in');
    expect(all[1]).toMatchObject({
      chain: 'installation',
      workspaceId: null,
      actorKind: 'system',
      actorId: null,
      ip: '192.0.2.99',
    });
    expect(all[0]).toMatchObject({ chain: owner.workspace.id, actorKind: 'user', actorId: owner.user.uid, ip: null });
    // The owner sees their sign-in, never the installation's failed sign-ins.
    expect((await list(owner.token, '?action=sign-in')).map((e) => e.action)).toEqual(['sign-in.succeeded']);
  });

  it('filters by person, action and time, and pages by cursor', async () => {
    const byAction = await list(owner.token, '?action=camera.created');
    expect(byAction.length).toBe(1);
    expect(await list(owner.token, '?action=camera')).toHaveLength(2);
    expect(await list(owner.token, '?action=camera.deleted')).toHaveLength(0);
    expect(await list(owner.token, `?person=${owner.user.uid}&action=camera`)).toHaveLength(2);
    expect(await list(owner.token, '?person=olivia&action=camera')).toHaveLength(2);
    expect(await list(owner.token, '?person=nobody-like-this')).toHaveLength(0);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await list(owner.token, `?from=${future}`)).toHaveLength(0);
    expect(await list(owner.token, `?to=${future}&action=camera`)).toHaveLength(2);
    const page1 = await get(owner.token, '/api/v1/audit?limit=1&action=camera');
    const next = page1.json().nextCursor as string;
    expect(next).toBeTruthy();
    const page2 = await get(owner.token, `/api/v1/audit?limit=1&action=camera&startAfter=${next}`);
    expect(page2.json().items[0].action).toBe('camera.created');
    expect(page2.json().nextCursor).toBeNull();
    const bad = await get(owner.token, '/api/v1/audit?startAfter=abc');
    expect(bad.statusCode).toBe(400);
    expect((await get(owner.token, '/api/v1/audit?action=Camera!')).statusCode).toBe(400);
    expect((await get(owner.token, '/api/v1/audit?from=yesterday')).statusCode).toBe(400);
  });

  it('another workspace’s entries are never visible; the installation scope is for administrators', async () => {
    const mine = await list(owner.token, '?limit=200');
    expect(mine.every((e) => e.workspaceId === owner.workspace.id)).toBe(true);
    const theirs = await list(other.token, '?limit=200');
    expect(theirs.some((e) => e.workspaceId === owner.workspace.id)).toBe(false);
    expect(await list(other.token, `?person=${owner.user.uid}`)).toHaveLength(0);
    const refused = await get(owner.token, '/api/v1/audit?scope=installation');
    expect(refused.statusCode).toBe(403);
    const verifyRefused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audit/verify?scope=installation',
      headers: bearer(owner.token),
    });
    expect(verifyRefused.statusCode).toBe(403);
    const everything = await list(admin.token, '?scope=installation&limit=200');
    expect(new Set(everything.map((e) => e.workspaceId))).toContain(other.workspace.id);
  });

  it('a manager who is not the owner may not read the workspace’s log', async () => {
    const manager = await signUp(t.app, { displayName: 'Manny Manager' });
    await withPg(t.databaseUrl, async (c) => {
      await c.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'manager')`, [
        owner.workspace.id,
        manager.user.uid,
      ]);
      await c.query('update sessions set workspace_id = $1 where user_id = $2', [owner.workspace.id, manager.user.uid]);
    });
    const res = await get(manager.token, '/api/v1/audit');
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe('permission-denied');
  });

  it('exports CSV with the filters, formulas neutralised, and records the export', async () => {
    const cam = await createTestPatternCamera(t.app, owner.token, '=HYPERLINK("http://evil.example","x")');
    const res = await get(owner.token, '/api/v1/audit/export.csv?action=camera.created');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="vigil-audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^time,person,/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(cam);
    // The name sits in the details' JSON, which starts with {; a cell of its own is prefixed.
    expect(lines.some((l) => /(^|,)=/.test(l))).toBe(false);
    const exported = await list(owner.token, '?action=audit.exported');
    expect(exported[0]).toMatchObject({ actorId: owner.user.uid, details: { action: 'camera.created' } });
    expect((await get(other.token, '/api/v1/audit/export.csv')).body).not.toContain(owner.workspace.id);
  });
});

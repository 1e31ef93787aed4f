import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf, getMe, withPg } from '../../../test/helpers.ts';

/** Uploads count against maxStorage, and concurrent or clashing writes never 500. */
describe('storage: quota and write safety', () => {
  let t: TestApp;
  let owner: AuthResult;
  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t.app); // the installation's admin
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  const put = (path: string, body: string | Buffer, type = 'application/octet-stream') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/storage/files',
      query: { path },
      headers: { ...bearer(owner.token), 'content-type': type },
      payload: body,
    });
  const del = (path: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/v1/storage/files', query: { path }, headers: bearer(owner.token) });
  const download = async (path: string) => {
    const signed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/storage/url',
      query: { path },
      headers: bearer(owner.token),
    });
    return t.app.inject({ method: 'GET', url: signed.json().url });
  };
  const storageUsed = async () => (await getMe(t.app, owner.token)).json().user.usage.storageUsed as number;
  const setMaxStorageGb = (gb: number) =>
    withPg(t.databaseUrl, (c) =>
      c.query(`update users set limits = jsonb_set(limits, '{maxStorage}', to_jsonb($2::float8)) where id = $1`, [
        owner.user.uid,
        gb,
      ]),
    );

  it('20 concurrent 1 MB uploads against a 5 MB plan: 5 stored, 15 refused naming the limit, usage counted', async () => {
    await setMaxStorageGb(0.005);
    const mb = Buffer.alloc(1_000_000, 7);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => put(`quota/f${i}.bin`, mb)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(5);
    for (const r of refused) {
      // A plan limit, not a quota to retry: failed-precondition, in the plan's words.
      expect(r.statusCode).toBe(400);
      expect(errorOf(r).code).toBe('failed-precondition');
      expect(errorOf(r).message).toMatch(/^Your plan allows 0\.005 GB of storage, and it is full\./);
    }
    expect(await storageUsed()).toBe(0.005);
    const { rows } = await withPg(t.databaseUrl, (c) =>
      c.query('select count(*)::int as n from workspace_files where path like $1', ['quota/%']),
    );
    expect(rows[0].n).toBe(5);

    // Replacing a file with one of the same size fits; deleting one frees its megabyte.
    const name = JSON.parse(ok[0]!.body).path as string;
    expect((await put(name, mb)).statusCode).toBe(200);
    expect((await del(name)).statusCode).toBe(204);
    expect(await storageUsed()).toBe(0.004);
    expect((await put('quota/again.bin', mb)).statusCode).toBe(200);
    expect(await storageUsed()).toBe(0.005);
  });

  it('concurrent uploads to one path: every one succeeds, and the stored body always has its own type', async () => {
    await setMaxStorageGb(10);
    const types = ['text/plain', 'application/json', 'image/png', 'text/csv', 'application/pdf'];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => put('race/one.dat', `body ${types[i % 5]} ${i}`, types[i % 5])),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const dl = await download('race/one.dat');
    const [, bodyType] = /^body (\S+) /.exec(dl.body) ?? [];
    expect(dl.headers['content-type']).toBe(bodyType);
    const { rows } = await withPg(t.databaseUrl, (c) =>
      c.query('select content_type, bytes from workspace_files where path = $1', ['race/one.dat']),
    );
    expect(rows).toEqual([{ content_type: bodyType, bytes: Buffer.byteLength(dl.body) }]);
  });

  it('a file and a folder of one name clash with already-exists, whichever comes first; nothing is lost', async () => {
    expect((await put('clash/a', 'file a')).statusCode).toBe(200);
    const under = await put('clash/a/b', 'under a');
    expect(under.statusCode).toBe(409);
    expect(errorOf(under).code).toBe('already-exists');

    expect((await put('clash2/x/y', 'deep')).statusCode).toBe(200);
    const over = await put('clash2/x', 'over a folder');
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).code).toBe('already-exists');

    expect((await download('clash/a')).body).toBe('file a');
    expect((await download('clash2/x/y')).body).toBe('deep');
  });

  it('names ending in .type are reserved (they would be a neighbour’s content type), never a 500', async () => {
    expect((await put('meta/doc', 'the doc', 'text/plain')).statusCode).toBe(200);
    for (const path of ['meta/doc.type', 'meta/doc.type/x']) {
      const res = await put(path, 'application/x-evil');
      expect(res.statusCode, path).toBe(400);
      expect(errorOf(res).code).toBe('invalid-argument');
    }
    const dl = await download('meta/doc');
    expect(dl.headers['content-type']).toBe('text/plain');
  });

  it('a malformed content type is refused, not stored as a header', async () => {
    for (const type of ['not a type', 'text/plain; a=b; c']) {
      const res = await put('bad/type.bin', 'x', type);
      expect([400, 415], type).toContain(res.statusCode);
      expect(errorOf(res).code).toBe('invalid-argument');
    }
  });
});

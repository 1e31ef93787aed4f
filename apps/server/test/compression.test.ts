import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from './harness.ts';

/** JSON answers compressed for the clients that accept it (plugins/compression.ts, decision 0025). */
describe('response compression', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signUp(t.app)).token;
    for (let i = 0; i < 5; i++) await createTestPatternCamera(t.app, token, `Camera ${i}`);
  });
  afterAll(() => t.close());

  const list = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/cameras',
      headers: { ...bearer(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('a list of some kilobytes: Brotli or gzip as the client asks, the same JSON once decoded', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(2048);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const items = plain.json().items;
    expect(items).toHaveLength(5);

    const br = await list('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).items).toEqual(items);

    const gz = await list('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).items).toEqual(items);

    // Refused by q=0, or only encodings it does not make: as it is.
    for (const refused of ['br;q=0, gzip;q=0', 'deflate', 'identity']) {
      const r = await list(refused);
      expect(r.headers['content-encoding'], refused).toBeUndefined();
      expect(r.json().items).toEqual(items);
    }
  });

  it('small answers and errors go as they are', async () => {
    const error = await t.app.inject({
      method: 'GET',
      url: '/api/v1/cameras/00000000-0000-4000-8000-000000000000',
      headers: { ...bearer(token), 'accept-encoding': 'br, gzip' },
    });
    expect(error.statusCode).toBe(404);
    expect(error.headers['content-encoding']).toBeUndefined();
    expect(error.json().error.code).toBe('not-found');
  });

  it('over a real socket, a client that decodes gets the JSON, with no stale length', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/cameras`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(((await res.json()) as { items: unknown[] }).items).toHaveLength(5);
    }
  });
});

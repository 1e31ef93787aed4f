import type { AuthResult } from '@vigil/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';

/** The Record sound switch through the API: on by default, off on request, and what it does to what is known of the camera's sound. */
describe('cameras: Record sound', () => {
  let t: TestApp;
  let owner: AuthResult;
  let pg: Client;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
  });
  afterAll(async () => {
    await pg?.end();
    await t?.close();
  });

  const call = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload } : {}) });
  /** What the recorder learnt of the camera's sound (it asks the camera itself). */
  const learnt = (id: string) =>
    pg.query(`update cameras set audio_codec = 'pcm_alaw', audio_sample_rate = 8000 where id = $1`, [id]);

  it('is on by default, can be created off, and says what sound the camera sends once known', async () => {
    const source = { type: 'rtsp', url: 'rtsp://127.0.0.1:8554/door' };
    const on = await call('POST', '/api/v1/cameras', { name: 'Door', source, recordingMode: 'off' });
    expect(on.statusCode, on.body).toBe(201);
    expect(on.json()).toMatchObject({ recordSound: true, audio: { codec: null, sampleRate: null } });
    const off = await call('POST', '/api/v1/cameras', {
      name: 'Yard',
      source,
      recordingMode: 'off',
      recordSound: false,
    });
    expect(off.json().recordSound).toBe(false);
    await learnt(on.json().id);
    const read = await call('GET', `/api/v1/cameras/${on.json().id}`);
    expect(read.json().audio).toEqual({ codec: 'pcm_alaw', sampleRate: 8000 });
    expect((await call('PATCH', `/api/v1/cameras/${on.json().id}`, { recordSound: 'yes' })).statusCode).toBe(400);
  });

  it('switched back on, or pointed at another camera, the sound is asked again', async () => {
    const source = { type: 'rtsp', url: 'rtsp://127.0.0.1:8554/gate' };
    const made = await call('POST', '/api/v1/cameras', { name: 'Gate', source, recordingMode: 'off' });
    const id = made.json().id as string;
    await learnt(id);
    // Off, and a rename: what the camera sends is still known.
    const off = await call('PATCH', `/api/v1/cameras/${id}`, { recordSound: false, name: 'Gate 1' });
    expect(off.json()).toMatchObject({ recordSound: false, audio: { codec: 'pcm_alaw' } });
    const on = await call('PATCH', `/api/v1/cameras/${id}`, { recordSound: true });
    expect(on.json()).toMatchObject({ recordSound: true, audio: { codec: null } });
    await learnt(id);
    const moved = await call('PATCH', `/api/v1/cameras/${id}`, { source: { ...source, url: `${source.url}2` } });
    expect(moved.json().audio.codec).toBeNull();
  });
});

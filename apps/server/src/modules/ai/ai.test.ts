import { readFileSync } from 'node:fs';
import { createDb } from '@vigil/db';
import { cameraAiSettingsOf, messageForCode } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stub, chatAnswer, codeProjectAnswer, parseMultipart, startStub } from '../../../test/ai-stubs.ts';
import { type TestApp, createTestApp, createTestPatternCamera, signUp, apiClient } from '../../../test/harness.ts';
import { createKey } from '../../../test/api-keys-world.ts';
import { countRows, errorOf, grantPlan, joinWorkspace, withPg } from '../../../test/helpers.ts';
import { createSecretBox } from '../../lib/secrets.ts';
import { LiveFeed } from '../../video/live-feed.ts';
import { ffmpegTools } from '../../video/ffmpeg-binaries.ts';
import { createAnalyser } from './analyser.service.ts';
import { jpegSize } from './frames.ts';
import { DRIVEWAY_ZONE } from '../../../test/zones.ts';

/** Real ffmpeg output of a test-pattern camera with the live-feed flags. */
const sample = readFileSync(new URL('../../video/fixtures/live-sample.mp4', import.meta.url));

/**
 * AI detection's server side through the API: the plan gate, provider settings (keys
 * sealed and masked, addresses through the outbound policy, audited), analysis on demand against
 * a local server speaking CodeProject.AI's protocol, the vision API's description against a local
 * OpenAI-compatible server, the quota (exact under concurrency, reset by a new period), camera AI
 * settings and the events' label filter.
 */
describe('ai', () => {
  let t: TestApp;
  let owner: { token: string; uid: string; ws: string };
  let viewer: { token: string; uid: string };
  let manager: { token: string; uid: string };
  let camera: string;
  let codeproject: Stub;
  let openai: Stub;
  const liveFeeds = new Map<string, LiveFeed>();
  const { call, ok, person } = apiClient(() => t.app);
  const setQuota = (quota: number, used = 0) =>
    withPg(t.databaseUrl, (c) =>
      c.query(
        `update users set limits = jsonb_set(limits, '{aiAnalysisQuota}', to_jsonb($2::int)),
           usage = jsonb_set(usage, '{aiAnalysisUsed}', to_jsonb($3::int)), ai_usage_period = null
         where id = (select owner_id from workspaces where id = $1)`,
        [owner.ws, quota, used],
      ),
    );
  const usedNow = () =>
    withPg(t.databaseUrl, async (c) => {
      const r = await c.query(
        `select (usage->>'aiAnalysisUsed')::int as used from users where id = (select owner_id from workspaces where id = $1)`,
        [owner.ws],
      );
      return r.rows[0].used as number;
    });

  beforeAll(async () => {
    t = await createTestApp({}, { video: { liveFeeds } });
    await signUp(t.app); // the admin
    owner = await person('Olivia Owner');
    const v = await person('Vic Viewer');
    viewer = { token: v.token, uid: v.uid };
    const m = await person('Max Manager');
    manager = { token: m.token, uid: m.uid };
    camera = await createTestPatternCamera(t.app, owner.token, 'Door', 'off');
    const feed = new LiveFeed();
    feed.push(sample);
    liveFeeds.set(camera, feed);
    await joinWorkspace(t.databaseUrl, viewer.uid, owner.ws, 'viewer');
    await joinWorkspace(t.databaseUrl, manager.uid, owner.ws, 'manager');
    codeproject = await startStub({ status: 200, json: codeProjectAnswer([]) });
    openai = await startStub({
      status: 200,
      json: chatAnswer('A man in a red coat stands at the front door. He waits.'),
    });
  });
  afterAll(async () => {
    await codeproject?.close();
    await openai?.close();
    await t?.close();
  });

  it('every AI route is refused without a plan with AI access, naming the plan; nothing is written', async () => {
    const before = await countRows(t.databaseUrl, ['ai_settings', 'audit_log']);
    for (const [method, url, body] of [
      ['GET', '/api/v1/ai/settings'],
      ['PUT', '/api/v1/ai/settings', { codeproject: { url: codeproject.url } }],
      ['POST', '/api/v1/ai/analyze', { cameraId: camera }],
      ['PATCH', `/api/v1/cameras/${camera}`, { ai: { enabled: true } }],
    ] as const) {
      const res = await call(owner.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res).code).toBe('permission-denied');
      expect(errorOf(res).message).toMatch(/AI detection is not part of your plan.*the Pro plan/);
    }
    expect(await countRows(t.databaseUrl, ['ai_settings', 'audit_log'])).toEqual(before);
    // Camera AI settings that leave detection off are only settings: no plan needed to keep them.
    const cam = ok(await call(owner.token, 'GET', `/api/v1/cameras/${camera}`));
    expect(cam.ai).toEqual(cameraAiSettingsOf(null));
    await grantPlan(t.databaseUrl, owner.ws, 'pro');
  });

  it('settings: owners and managers only; keys sealed, masked on read; audited without the key', async () => {
    expect((await call(viewer.token, 'GET', '/api/v1/ai/settings')).statusCode).toBe(403);
    const empty = ok(await call(manager.token, 'GET', '/api/v1/ai/settings'));
    expect(empty).toMatchObject({ codeproject: null, openai: null, usage: { used: 0, quota: 5000 } });
    const saved = ok(
      await call(manager.token, 'PUT', '/api/v1/ai/settings', {
        codeproject: { url: codeproject.url, apiKey: 'cp-secret-key', timeoutMs: 5000 },
        openai: { url: `${openai.url}/v1`, apiKey: 'sk-test-secret', model: 'gpt-4o-mini' },
      }),
    );
    expect(saved.codeproject).toEqual({ url: codeproject.url, hasApiKey: true, timeoutMs: 5000 });
    expect(saved.openai).toMatchObject({ url: `${openai.url}/v1`, hasApiKey: true, model: 'gpt-4o-mini' });
    expect(JSON.stringify(saved)).not.toContain('secret');
    const stored = await withPg(t.databaseUrl, (c) =>
      c.query('select codeproject_key_enc, openai_key_enc from ai_settings where workspace_id = $1', [owner.ws]),
    );
    const box = createSecretBox(t.config.authSecret);
    expect(stored.rows[0].codeproject_key_enc).not.toContain('cp-secret');
    expect(box.open(stored.rows[0].codeproject_key_enc)).toBe('cp-secret-key');
    // Omitting the key keeps it.
    const again = ok(await call(owner.token, 'PUT', '/api/v1/ai/settings', { codeproject: { url: codeproject.url } }));
    expect(again.codeproject.hasApiKey).toBe(true);
    const audit = await withPg(t.databaseUrl, (c) =>
      c.query(`select details from audit_log where workspace_id = $1 and action = 'ai.settings-updated'`, [owner.ws]),
    );
    expect(audit.rows).toHaveLength(2);
    expect(JSON.stringify(audit.rows)).not.toContain('secret');
    // A key never follows its address to another server: moved without a key, there is none.
    const moved = ok(
      await call(manager.token, 'PUT', '/api/v1/ai/settings', { codeproject: { url: `${openai.url}/elsewhere` } }),
    );
    expect(moved.codeproject.hasApiKey).toBe(false);
    ok(
      await call(owner.token, 'PUT', '/api/v1/ai/settings', {
        codeproject: { url: codeproject.url, apiKey: 'cp-secret-key', timeoutMs: 5000 },
      }),
    );
  });

  it('refuses provider URLs to forbidden addresses and bad input with the catalogue’s errors, writing nothing', async () => {
    const before = ok(await call(owner.token, 'GET', '/api/v1/ai/settings'));
    const rows = await countRows(t.databaseUrl, ['audit_log']);
    for (const url of ['http://169.254.169.254/latest', 'http://[fe80::1]:5000', 'http://metadata.google.internal']) {
      const res = await call(owner.token, 'PUT', '/api/v1/ai/settings', { codeproject: { url } });
      expect(res.statusCode, url).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'permission-denied' });
      expect(errorOf(res).message).toMatch(/not allowed as a target/);
      const viaOpenAi = await call(owner.token, 'PUT', '/api/v1/ai/settings', {
        codeproject: { url: codeproject.url, apiKey: 'changed' },
        openai: { url, model: 'm' },
      });
      expect(viaOpenAi.statusCode, url).toBe(403);
    }
    for (const body of [
      { codeproject: { url: 'ftp://example.com' } },
      { codeproject: { url: 'not a url' } },
      { codeproject: { url: 'http://user:secret@example.com' } },
      { openai: { url: 'http://example.com' } },
      { openai: { url: 'http://example.com', model: 'm', timeoutMs: 5 } },
      { other: true },
    ]) {
      const res = await call(owner.token, 'PUT', '/api/v1/ai/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe('invalid-argument');
    }
    expect(ok(await call(owner.token, 'GET', '/api/v1/ai/settings'))).toEqual(before);
    expect(await countRows(t.databaseUrl, ['audit_log'])).toEqual(rows);
  });

  it('camera AI settings: validated (labels, scores, label zones), enabled with the plan, returned as camera.ai', async () => {
    const before = ok(await call(owner.token, 'GET', `/api/v1/cameras/${camera}`));
    for (const [ai, message] of [
      [{ labels: ['person', 'unicorn'] }, /not a label the detectors know/],
      [{ minScore: 1.5 }, /from 0 to 1/],
      [{ minScore: -0.1 }, /from 0 to 1/],
      [{ labels: ['car'], alertLabels: ['person'] }, /alert labels must be among the labels/],
      [{ labelZones: { person: ['Driveway'] } }, /no motion zone named "Driveway"/],
      [{ provider: 'skynet' }, /./],
    ] as const) {
      const res = await call(owner.token, 'PATCH', `/api/v1/cameras/${camera}`, { ai });
      expect(res.statusCode, JSON.stringify(ai)).toBe(400);
      expect(errorOf(res).code).toBe('invalid-argument');
      const [field, why] = Object.entries(errorOf(res).fields ?? {})[0] ?? [];
      expect(field).toMatch(/^ai/);
      expect(why).toMatch(message);
    }
    expect(ok(await call(owner.token, 'GET', `/api/v1/cameras/${camera}`))).toEqual(before);
    const zone = DRIVEWAY_ZONE;
    const cam = ok(
      await call(owner.token, 'PATCH', `/api/v1/cameras/${camera}`, {
        motion: { zones: [zone] },
        ai: {
          enabled: true,
          provider: 'codeproject',
          labels: ['person', 'car'],
          minScore: 0.6,
          alertLabels: ['person'],
          labelZones: { car: ['driveway'] },
        },
      }),
    );
    expect(cam.ai).toMatchObject({
      enabled: true,
      provider: 'codeproject',
      minScore: 0.6,
      labelZones: { car: ['driveway'] },
    });
    const listed = ok(await call(owner.token, 'GET', '/api/v1/cameras'));
    expect(listed.items.find((c: { id: string }) => c.id === camera).ai.enabled).toBe(true);
  });

  it('analyses the current frame with CodeProject.AI’s protocol, boxes in fractions, the camera’s rules kept', async () => {
    codeproject.requests.length = 0;
    // 640 × 360 picture: a person (kept), a car outside the driveway (dropped), a dog (not a label), a faint person.
    codeproject.answer = {
      status: 200,
      json: codeProjectAnswer([
        { label: 'person', confidence: 0.91, x_min: 64, y_min: 36, x_max: 320, y_max: 324 },
        { label: 'car', confidence: 0.8, x_min: 0, y_min: 0, x_max: 100, y_max: 100 },
        { label: 'dog', confidence: 0.95, x_min: 0, y_min: 0, x_max: 100, y_max: 100 },
        { label: 'person', confidence: 0.61, x_min: 320, y_min: 180, x_max: 640, y_max: 360 },
      ]),
    };
    await setQuota(100);
    const res = ok(await call(owner.token, 'POST', '/api/v1/ai/analyze', { cameraId: camera }));
    expect(res.provider).toBe('codeproject');
    expect(res.usage).toEqual({ used: 1, quota: 100 });
    expect(res.detections).toEqual([
      { label: 'person', score: 0.91, box: [0.1, 0.1, 0.5, 0.9], zones: ['Driveway'] },
      { label: 'person', score: 0.61, box: [0.5, 0.5, 1, 1], zones: ['Driveway'] },
    ]);
    // What the server received: the picture as `image`, the camera's minimum score, the key.
    expect(codeproject.requests).toHaveLength(1);
    const req = codeproject.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/vision/detection');
    const parts = parseMultipart(req.body, req.headers['content-type'] ?? '');
    const image = parts.find((p) => p.name === 'image')!;
    expect(image.type).toBe('image/jpeg');
    expect(jpegSize(image.data)).toEqual({ width: 640, height: 360 });
    expect(parts.find((p) => p.name === 'min_confidence')?.data.toString()).toBe('0.6');
    expect(parts.find((p) => p.name === 'api_key')?.data.toString()).toBe('cp-secret-key');
    expect(await usedNow()).toBe(1);
  });

  it('a provider that fails is unavailable and the analysis is given back; an unknown camera is not found', async () => {
    codeproject.answer = { status: 500, json: { success: false, error: 'model crashed' } };
    const res = await call(owner.token, 'POST', '/api/v1/ai/analyze', { cameraId: camera });
    expect(res.statusCode).toBe(503);
    expect(errorOf(res)).toMatchObject({ code: 'unavailable' });
    expect(errorOf(res).message).toMatch(/CodeProject\.AI server did not answer/);
    expect(await usedNow()).toBe(1);
    const missing = await call(owner.token, 'POST', '/api/v1/ai/analyze', {
      cameraId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    codeproject.answer = { status: 200, json: codeProjectAnswer([]) };
  });

  it('the built-in detector through the API: nothing in a plain test pattern, counted like any analysis', async () => {
    const cam = ok(await call(owner.token, 'GET', `/api/v1/cameras/${camera}`));
    ok(await call(owner.token, 'PATCH', `/api/v1/cameras/${camera}`, { ai: { ...cam.ai, provider: 'local' } }));
    const before = await usedNow();
    const res = ok(await call(owner.token, 'POST', '/api/v1/ai/analyze', { cameraId: camera }));
    expect(res).toMatchObject({ provider: 'local', detections: [] });
    expect(res.usage.used).toBe(before + 1);
    expect(ok(await call(owner.token, 'GET', '/api/v1/ai/settings')).local.available).toBe(true);
    ok(await call(owner.token, 'PATCH', `/api/v1/cameras/${camera}`, { ai: cam.ai }));
  });

  it('analyses on demand: operators and up, never viewers or viewer keys; a per-person rate past a burst', async () => {
    await setQuota(100);
    const before = await usedNow();
    const viewerKey = (await createKey(t.app, owner.token, { name: 'Viewer key', role: 'viewer' })).key;
    for (const token of [viewer.token, viewerKey]) {
      const refused = await call(token, 'POST', '/api/v1/ai/analyze', { cameraId: camera });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toEqual({ code: 'permission-denied', message: messageForCode('permission-denied') });
    }
    expect(await usedNow()).toBe(before);
    const operator = await person('Otto Operator');
    await joinWorkspace(t.databaseUrl, operator.uid, owner.ws, 'operator');
    const operatorKey = (await createKey(t.app, owner.token, { name: 'Operator key', role: 'operator' })).key;
    ok(await call(operatorKey, 'POST', '/api/v1/ai/analyze', { cameraId: camera }));
    // Five at once, then the sixth within the minute is refused with when to come back; not counted.
    for (let i = 0; i < 5; i++) ok(await call(operator.token, 'POST', '/api/v1/ai/analyze', { cameraId: camera }));
    expect(await usedNow()).toBe(before + 6);
    const slowed = await call(operator.token, 'POST', '/api/v1/ai/analyze', { cameraId: camera });
    expect(slowed.statusCode).toBe(429);
    expect(errorOf(slowed)).toMatchObject({ code: 'resource-exhausted', message: expect.stringMatching(/slow down/) });
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(12);
    expect(await usedNow()).toBe(before + 6);
    // The limit is the person's own: the manager still analyses.
    ok(await call(manager.token, 'POST', '/api/v1/ai/analyze', { cameraId: camera }));
  });

  /** A direct analyser on a pool of its own (closed after `fn`), with a snapshot of the test camera. */
  async function withAnalyser(
    poolSize: number,
    fn: (analyser: ReturnType<typeof createAnalyser>, jpeg: Buffer) => Promise<void>,
  ) {
    const { db, pool } = createDb(t.databaseUrl, poolSize);
    try {
      const analyser = createAnalyser({
        db,
        secrets: createSecretBox(t.config.authSecret),
        policy: { allowLoopback: true },
        ffmpegPath: () => ffmpegTools().ffmpeg.path,
      });
      await fn(analyser, (await call(owner.token, 'GET', `/api/v1/cameras/${camera}/snapshot`)).rawPayload);
    } finally {
      await pool.end();
    }
  }

  it('the quota is exact under concurrency, refuses past it with a clear message, and renews with the period', async () => {
    await withAnalyser(8, async (analyser, jpeg) => {
      const cam = { ai: cameraAiSettingsOf({ provider: 'codeproject', labels: ['person'] }), motion: {} };
      await setQuota(5);
      const results = await Promise.allSettled(Array.from({ length: 12 }, () => analyser.analyse(owner.ws, cam, jpeg)));
      const passed = results.filter((r) => r.status === 'fulfilled');
      expect(passed).toHaveLength(5);
      for (const r of results)
        if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('resource-exhausted');
      expect(await usedNow()).toBe(5);
      // Through the API: resource-exhausted with a message that says which limit and what lifts it.
      const refused = await call(owner.token, 'POST', '/api/v1/ai/analyze', { cameraId: camera });
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused)).toMatchObject({ code: 'resource-exhausted' });
      expect(errorOf(refused).message).toMatch(
        /^Your plan allows 5 AI analyses per billing period\..*the Pro plan.*next billing period/,
      );
      expect(ok(await call(owner.token, 'GET', '/api/v1/ai/settings')).usage).toMatchObject({ used: 5, quota: 5 });
      // A new billing period: the counter starts again.
      await withPg(t.databaseUrl, (c) =>
        c.query(
          `update subscriptions set interval = 'month', period_start = now() + interval '1 second' where workspace_id = $1`,
          [owner.ws],
        ),
      );
      expect(ok(await call(owner.token, 'GET', '/api/v1/ai/settings')).usage).toMatchObject({ used: 0, quota: 5 });
      const fresh = await analyser.analyse(owner.ws, cam, jpeg);
      expect(fresh.usage).toEqual({ used: 1, quota: 5 });
      expect(await usedNow()).toBe(1);
      await analyser.close();
    });
  });

  it('describes an alert in one sentence through an OpenAI-compatible vision API', async () => {
    await withAnalyser(2, async (analyser, jpeg) => {
      const sentence = await analyser.describe(owner.ws, jpeg, ['person']);
      expect(sentence).toBe('A man in a red coat stands at the front door.');
      const req = openai.requests.at(-1)!;
      expect(req.url).toBe('/v1/chat/completions');
      expect(req.headers.authorization).toBe('Bearer sk-test-secret');
      const body = JSON.parse(req.body.toString());
      expect(body.model).toBe('gpt-4o-mini');
      const image = body.messages.at(-1).content.find((c: { type: string }) => c.type === 'image_url');
      expect(image.image_url.url).toBe(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
    });
  });

  it('lists AI detections by label; an unknown label is invalid', async () => {
    await withPg(t.databaseUrl, (c) =>
      c.query(
        `insert into events (workspace_id, camera_id, kind, severity, start_at, armed, detail) values
           ($1, $2, 'ai.detection', 'alert', now(), true, '{"labels":["person","car"]}'),
           ($1, $2, 'ai.detection', 'info', now(), true, '{"labels":["dog"]}'),
           ($1, $2, 'motion', 'alert', now(), true, '{"labels":["person"]}')`,
        [owner.ws, camera],
      ),
    );
    const people = ok(await call(owner.token, 'GET', '/api/v1/events?kind=ai.detection&label=person'));
    expect(people.items).toHaveLength(1);
    expect(people.items[0].detail.labels).toEqual(['person', 'car']);
    expect(ok(await call(owner.token, 'GET', '/api/v1/events?label=dog')).items).toHaveLength(1);
    const bad = await call(owner.token, 'GET', '/api/v1/events?label=unicorn');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('invalid-argument');
  });
});

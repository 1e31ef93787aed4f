import { cameraAiSettingsOf, messageForCode } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { CODEPROJECT_KEY, OPENAI_KEY, OPENAI_MODEL, useAiWorld } from '../../../test/ai-world.ts';
import { codeProjectAnswer, parseMultipart } from '../../../test/ai-stubs.ts';
import { createKey } from '../../../test/api-keys-world.ts';
import { errorOf, joinWorkspace, withPg } from '../../../test/helpers.ts';
import { jpegSize } from './frames.ts';

/**
 * AI analysis through the API and the analyser: on demand against a local server speaking
 * CodeProject.AI's protocol (the camera's rules kept, a failing provider given back), the built-in
 * detector, who may analyse and how often, the quota (exact under concurrency, reset by a new
 * period), the vision API's description against a local OpenAI-compatible server, and the events'
 * label filter. The workspace starts configured (test/ai-world.ts).
 */
describe('ai analysis', () => {
  const w = useAiWorld({ configured: true });
  const { call, ok, person, setQuota, usedNow, withAnalyser } = w;

  it('analyses the current frame with CodeProject.AI’s protocol, boxes in fractions, the camera’s rules kept', async () => {
    w.codeproject.requests.length = 0;
    // 640 × 360 picture: a person (kept), a car outside the driveway (dropped), a dog (not a label), a faint person.
    w.codeproject.answer = {
      status: 200,
      json: codeProjectAnswer([
        { label: 'person', confidence: 0.91, x_min: 64, y_min: 36, x_max: 320, y_max: 324 },
        { label: 'car', confidence: 0.8, x_min: 0, y_min: 0, x_max: 100, y_max: 100 },
        { label: 'dog', confidence: 0.95, x_min: 0, y_min: 0, x_max: 100, y_max: 100 },
        { label: 'person', confidence: 0.61, x_min: 320, y_min: 180, x_max: 640, y_max: 360 },
      ]),
    };
    await setQuota(100);
    const res = ok(await call(w.owner.token, 'POST', '/api/v1/ai/analyze', { cameraId: w.camera }));
    expect(res.provider).toBe('codeproject');
    expect(res.usage).toEqual({ used: 1, quota: 100 });
    expect(res.detections).toEqual([
      { label: 'person', score: 0.91, box: [0.1, 0.1, 0.5, 0.9], zones: ['Driveway'] },
      { label: 'person', score: 0.61, box: [0.5, 0.5, 1, 1], zones: ['Driveway'] },
    ]);
    // What the server received: the picture as `image`, the camera's minimum score, the key.
    expect(w.codeproject.requests).toHaveLength(1);
    const req = w.codeproject.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/vision/detection');
    const parts = parseMultipart(req.body, req.headers['content-type'] ?? '');
    const image = parts.find((p) => p.name === 'image')!;
    expect(image.type).toBe('image/jpeg');
    expect(jpegSize(image.data)).toEqual({ width: 640, height: 360 });
    expect(parts.find((p) => p.name === 'min_confidence')?.data.toString()).toBe('0.6');
    expect(parts.find((p) => p.name === 'api_key')?.data.toString()).toBe(CODEPROJECT_KEY);
    expect(await usedNow()).toBe(1);
  });

  it('a provider that fails is unavailable and the analysis is given back; an unknown camera is not found', async () => {
    w.codeproject.answer = { status: 500, json: { success: false, error: 'model crashed' } };
    const res = await call(w.owner.token, 'POST', '/api/v1/ai/analyze', { cameraId: w.camera });
    expect(res.statusCode).toBe(503);
    expect(errorOf(res)).toMatchObject({ code: 'unavailable' });
    expect(errorOf(res).message).toMatch(/CodeProject\.AI server did not answer/);
    expect(await usedNow()).toBe(1);
    const missing = await call(w.owner.token, 'POST', '/api/v1/ai/analyze', {
      cameraId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    w.codeproject.answer = { status: 200, json: codeProjectAnswer([]) };
  });

  it('the built-in detector through the API: nothing in a plain test pattern, counted like any analysis', async () => {
    const cam = ok(await call(w.owner.token, 'GET', `/api/v1/cameras/${w.camera}`));
    ok(await call(w.owner.token, 'PATCH', `/api/v1/cameras/${w.camera}`, { ai: { ...cam.ai, provider: 'local' } }));
    const before = await usedNow();
    const res = ok(await call(w.owner.token, 'POST', '/api/v1/ai/analyze', { cameraId: w.camera }));
    expect(res).toMatchObject({ provider: 'local', detections: [] });
    expect(res.usage.used).toBe(before + 1);
    expect(ok(await call(w.owner.token, 'GET', '/api/v1/ai/settings')).local.available).toBe(true);
    ok(await call(w.owner.token, 'PATCH', `/api/v1/cameras/${w.camera}`, { ai: cam.ai }));
  });

  it('analyses on demand: operators and up, never viewers or viewer keys; a per-person rate past a burst', async () => {
    await setQuota(100);
    const before = await usedNow();
    const viewerKey = (await createKey(w.t.app, w.owner.token, { name: 'Viewer key', role: 'viewer' })).key;
    for (const token of [w.viewer.token, viewerKey]) {
      const refused = await call(token, 'POST', '/api/v1/ai/analyze', { cameraId: w.camera });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toEqual({ code: 'permission-denied', message: messageForCode('permission-denied') });
    }
    expect(await usedNow()).toBe(before);
    const operator = await person('Otto Operator');
    await joinWorkspace(w.t.databaseUrl, operator.uid, w.owner.ws, 'operator');
    const operatorKey = (await createKey(w.t.app, w.owner.token, { name: 'Operator key', role: 'operator' })).key;
    ok(await call(operatorKey, 'POST', '/api/v1/ai/analyze', { cameraId: w.camera }));
    // Five at once, then the sixth within the minute is refused with when to come back; not counted.
    for (let i = 0; i < 5; i++) ok(await call(operator.token, 'POST', '/api/v1/ai/analyze', { cameraId: w.camera }));
    expect(await usedNow()).toBe(before + 6);
    const slowed = await call(operator.token, 'POST', '/api/v1/ai/analyze', { cameraId: w.camera });
    expect(slowed.statusCode).toBe(429);
    expect(errorOf(slowed)).toMatchObject({ code: 'resource-exhausted', message: expect.stringMatching(/slow down/) });
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(12);
    expect(await usedNow()).toBe(before + 6);
    // The limit is the person's own: the manager still analyses.
    ok(await call(w.manager.token, 'POST', '/api/v1/ai/analyze', { cameraId: w.camera }));
  });

  it('the quota is exact under concurrency, refuses past it with a clear message, and renews with the period', async () => {
    await withAnalyser(8, async (analyser, jpeg) => {
      const cam = { ai: cameraAiSettingsOf({ provider: 'codeproject', labels: ['person'] }), motion: {} };
      await setQuota(5);
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, () => analyser.analyse(w.owner.ws, cam, jpeg)),
      );
      const passed = results.filter((r) => r.status === 'fulfilled');
      expect(passed).toHaveLength(5);
      for (const r of results)
        if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('resource-exhausted');
      expect(await usedNow()).toBe(5);
      // Through the API: resource-exhausted with a message that says which limit and what lifts it.
      const refused = await call(w.owner.token, 'POST', '/api/v1/ai/analyze', { cameraId: w.camera });
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused)).toMatchObject({ code: 'resource-exhausted' });
      expect(errorOf(refused).message).toMatch(
        /^Your plan allows 5 AI analyses per billing period\..*the Pro plan.*next billing period/,
      );
      expect(ok(await call(w.owner.token, 'GET', '/api/v1/ai/settings')).usage).toMatchObject({ used: 5, quota: 5 });
      // A new billing period: the counter starts again.
      await withPg(w.t.databaseUrl, (c) =>
        c.query(
          `update subscriptions set interval = 'month', period_start = now() + interval '1 second' where workspace_id = $1`,
          [w.owner.ws],
        ),
      );
      expect(ok(await call(w.owner.token, 'GET', '/api/v1/ai/settings')).usage).toMatchObject({ used: 0, quota: 5 });
      const fresh = await analyser.analyse(w.owner.ws, cam, jpeg);
      expect(fresh.usage).toEqual({ used: 1, quota: 5 });
      expect(await usedNow()).toBe(1);
      await analyser.close();
    });
  });

  it('describes an alert in one sentence through an OpenAI-compatible vision API', async () => {
    await withAnalyser(2, async (analyser, jpeg) => {
      const sentence = await analyser.describe(w.owner.ws, jpeg, ['person']);
      expect(sentence).toBe('A man in a red coat stands at the front door.');
      const req = w.openai.requests.at(-1)!;
      expect(req.url).toBe('/v1/chat/completions');
      expect(req.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
      const body = JSON.parse(req.body.toString());
      expect(body.model).toBe(OPENAI_MODEL);
      const image = body.messages.at(-1).content.find((c: { type: string }) => c.type === 'image_url');
      expect(image.image_url.url).toBe(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
    });
  });

  it('lists AI detections by label; an unknown label is invalid', async () => {
    await withPg(w.t.databaseUrl, (c) =>
      c.query(
        `insert into events (workspace_id, camera_id, kind, severity, start_at, armed, detail) values
           ($1, $2, 'ai.detection', 'alert', now(), true, '{"labels":["person","car"]}'),
           ($1, $2, 'ai.detection', 'info', now(), true, '{"labels":["dog"]}'),
           ($1, $2, 'motion', 'alert', now(), true, '{"labels":["person"]}')`,
        [w.owner.ws, w.camera],
      ),
    );
    const people = ok(await call(w.owner.token, 'GET', '/api/v1/events?kind=ai.detection&label=person'));
    expect(people.items).toHaveLength(1);
    expect(people.items[0].detail.labels).toEqual(['person', 'car']);
    expect(ok(await call(w.owner.token, 'GET', '/api/v1/events?label=dog')).items).toHaveLength(1);
    const bad = await call(w.owner.token, 'GET', '/api/v1/events?label=unicorn');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('invalid-argument');
  });
});

import { cameraAiSettingsOf } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { CAMERA_AI, useAiWorld } from '../../../test/ai-world.ts';
import { countRows, errorOf, grantPlan, withPg } from '../../../test/helpers.ts';
import { DRIVEWAY_ZONE } from '../../../test/zones.ts';
import { createSecretBox } from '../../lib/secrets.ts';

/**
 * AI settings through the API: the plan gate, the providers' settings (keys sealed and masked,
 * addresses through the outbound policy, audited, bad input refused with the catalogue's errors)
 * and a camera's AI settings. What they leave configured is where ai-analysis.test.ts starts.
 */
describe('ai settings', () => {
  const w = useAiWorld({ configured: false });
  const { call, ok } = w;

  it('every AI route is refused without a plan with AI access, naming the plan; nothing is written', async () => {
    const before = await countRows(w.t.databaseUrl, ['ai_settings', 'audit_log']);
    for (const [method, url, body] of [
      ['GET', '/api/v1/ai/settings'],
      ['PUT', '/api/v1/ai/settings', { codeproject: { url: w.codeproject.url } }],
      ['POST', '/api/v1/ai/analyze', { cameraId: w.camera }],
      ['PATCH', `/api/v1/cameras/${w.camera}`, { ai: { enabled: true } }],
    ] as const) {
      const res = await call(w.owner.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res).code).toBe('permission-denied');
      expect(errorOf(res).message).toMatch(/AI detection is not part of your plan.*the Pro plan/);
    }
    expect(await countRows(w.t.databaseUrl, ['ai_settings', 'audit_log'])).toEqual(before);
    // Camera AI settings that leave detection off are only settings: no plan needed to keep them.
    const cam = ok(await call(w.owner.token, 'GET', `/api/v1/cameras/${w.camera}`));
    expect(cam.ai).toEqual(cameraAiSettingsOf(null));
    await grantPlan(w.t.databaseUrl, w.owner.ws, 'pro');
  });

  it('settings: owners and managers only; keys sealed, masked on read; audited without the key', async () => {
    expect((await call(w.viewer.token, 'GET', '/api/v1/ai/settings')).statusCode).toBe(403);
    const empty = ok(await call(w.manager.token, 'GET', '/api/v1/ai/settings'));
    expect(empty).toMatchObject({ codeproject: null, openai: null, usage: { used: 0, quota: 5000 } });
    const saved = ok(
      await call(w.manager.token, 'PUT', '/api/v1/ai/settings', {
        codeproject: { url: w.codeproject.url, apiKey: 'cp-secret-key', timeoutMs: 5000 },
        openai: { url: `${w.openai.url}/v1`, apiKey: 'sk-test-secret', model: 'gpt-4o-mini' },
      }),
    );
    expect(saved.codeproject).toEqual({ url: w.codeproject.url, hasApiKey: true, timeoutMs: 5000 });
    expect(saved.openai).toMatchObject({ url: `${w.openai.url}/v1`, hasApiKey: true, model: 'gpt-4o-mini' });
    expect(JSON.stringify(saved)).not.toContain('secret');
    const stored = await withPg(w.t.databaseUrl, (c) =>
      c.query('select codeproject_key_enc, openai_key_enc from ai_settings where workspace_id = $1', [w.owner.ws]),
    );
    const box = createSecretBox(w.t.config.authSecret);
    expect(stored.rows[0].codeproject_key_enc).not.toContain('cp-secret');
    expect(box.open(stored.rows[0].codeproject_key_enc)).toBe('cp-secret-key');
    // Omitting the key keeps it.
    const again = ok(
      await call(w.owner.token, 'PUT', '/api/v1/ai/settings', { codeproject: { url: w.codeproject.url } }),
    );
    expect(again.codeproject.hasApiKey).toBe(true);
    const audit = await withPg(w.t.databaseUrl, (c) =>
      c.query(`select details from audit_log where workspace_id = $1 and action = 'ai.settings-updated'`, [w.owner.ws]),
    );
    expect(audit.rows).toHaveLength(2);
    expect(JSON.stringify(audit.rows)).not.toContain('secret');
    // A key never follows its address to another server: moved without a key, there is none.
    const moved = ok(
      await call(w.manager.token, 'PUT', '/api/v1/ai/settings', { codeproject: { url: `${w.openai.url}/elsewhere` } }),
    );
    expect(moved.codeproject.hasApiKey).toBe(false);
    ok(
      await call(w.owner.token, 'PUT', '/api/v1/ai/settings', {
        codeproject: { url: w.codeproject.url, apiKey: 'cp-secret-key', timeoutMs: 5000 },
      }),
    );
  });

  it('refuses provider URLs to forbidden addresses and bad input with the catalogue’s errors, writing nothing', async () => {
    const before = ok(await call(w.owner.token, 'GET', '/api/v1/ai/settings'));
    const rows = await countRows(w.t.databaseUrl, ['audit_log']);
    for (const url of ['http://169.254.169.254/latest', 'http://[fe80::1]:5000', 'http://metadata.google.internal']) {
      const res = await call(w.owner.token, 'PUT', '/api/v1/ai/settings', { codeproject: { url } });
      expect(res.statusCode, url).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'permission-denied' });
      expect(errorOf(res).message).toMatch(/not allowed as a target/);
      const viaOpenAi = await call(w.owner.token, 'PUT', '/api/v1/ai/settings', {
        codeproject: { url: w.codeproject.url, apiKey: 'changed' },
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
      const res = await call(w.owner.token, 'PUT', '/api/v1/ai/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe('invalid-argument');
    }
    expect(ok(await call(w.owner.token, 'GET', '/api/v1/ai/settings'))).toEqual(before);
    expect(await countRows(w.t.databaseUrl, ['audit_log'])).toEqual(rows);
  });

  it('camera AI settings: validated (labels, scores, label zones), enabled with the plan, returned as camera.ai', async () => {
    const before = ok(await call(w.owner.token, 'GET', `/api/v1/cameras/${w.camera}`));
    for (const [ai, message] of [
      [{ labels: ['person', 'unicorn'] }, /not a label the detectors know/],
      [{ minScore: 1.5 }, /from 0 to 1/],
      [{ minScore: -0.1 }, /from 0 to 1/],
      [{ labels: ['car'], alertLabels: ['person'] }, /alert labels must be among the labels/],
      [{ labelZones: { person: ['Driveway'] } }, /no motion zone named "Driveway"/],
      [{ provider: 'skynet' }, /./],
    ] as const) {
      const res = await call(w.owner.token, 'PATCH', `/api/v1/cameras/${w.camera}`, { ai });
      expect(res.statusCode, JSON.stringify(ai)).toBe(400);
      expect(errorOf(res).code).toBe('invalid-argument');
      const [field, why] = Object.entries(errorOf(res).fields ?? {})[0] ?? [];
      expect(field).toMatch(/^ai/);
      expect(why).toMatch(message);
    }
    expect(ok(await call(w.owner.token, 'GET', `/api/v1/cameras/${w.camera}`))).toEqual(before);
    // On with the CodeProject.AI server: people anywhere, cars in the driveway only.
    const cam = ok(
      await call(w.owner.token, 'PATCH', `/api/v1/cameras/${w.camera}`, {
        motion: { zones: [DRIVEWAY_ZONE] },
        ai: CAMERA_AI,
      }),
    );
    expect(cam.ai).toMatchObject({
      enabled: true,
      provider: 'codeproject',
      minScore: 0.6,
      labelZones: { car: ['driveway'] },
    });
    const listed = ok(await call(w.owner.token, 'GET', '/api/v1/cameras'));
    expect(listed.items.find((c: { id: string }) => c.id === w.camera).ai.enabled).toBe(true);
  });
});

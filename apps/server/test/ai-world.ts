import { readFileSync } from 'node:fs';
import { createDb } from '@vigil/db';
import { afterAll, beforeAll, expect } from 'vitest';
import { createSecretBox } from '../src/lib/secrets.ts';
import { createAnalyser } from '../src/modules/ai/analyser.service.ts';
import { ffmpegTools } from '../src/video/ffmpeg-binaries.ts';
import { LiveFeed } from '../src/video/live-feed.ts';
import { type Stub, chatAnswer, codeProjectAnswer, startStub } from './ai-stubs.ts';
import { type TestApp, apiClient, createTestApp, createTestPatternCamera, signUp } from './harness.ts';
import { grantPlan, joinWorkspace, withPg } from './helpers.ts';
import { DRIVEWAY_ZONE } from './zones.ts';

/** Real ffmpeg output of a test-pattern camera with the live-feed flags. */
const sample = readFileSync(new URL('../src/video/fixtures/live-sample.mp4', import.meta.url));

/** The CodeProject.AI server's key and the vision API's, as the settings test saves them. */
export const CODEPROJECT_KEY = 'cp-secret-key';
export const OPENAI_KEY = 'sk-test-secret';
export const OPENAI_MODEL = 'gpt-4o-mini';

/** The camera's AI settings the analysis tests start from (a person anywhere, a car in the driveway). */
export const CAMERA_AI = {
  enabled: true,
  provider: 'codeproject',
  labels: ['person', 'car'],
  minScore: 0.6,
  alertLabels: ['person'],
  labelZones: { car: ['driveway'] },
} as const;

interface AiPeople {
  t: TestApp;
  owner: { token: string; uid: string; ws: string };
  viewer: { token: string; uid: string };
  manager: { token: string; uid: string };
  camera: string;
  codeproject: Stub;
  openai: Stub;
}

/**
 * The AI tests' workspace: an owner, a viewer and a manager; one test-pattern camera "Door" whose
 * live feed holds a real picture; a local server speaking CodeProject.AI's protocol and one speaking
 * the OpenAI-compatible vision API. `configured`: the workspace is on the Pro plan, both servers
 * saved with their keys and the camera's AI on with CAMERA_AI and the driveway zone — where the
 * settings tests leave it; without, the workspace starts on the free plan with nothing set.
 */
export function useAiWorld({ configured }: { configured: boolean }) {
  const w = {} as AiPeople;
  const client = apiClient(() => w.t.app);
  /** The owner's AI quota and what is used of it, the period started afresh. */
  const setQuota = (quota: number, used = 0) =>
    withPg(w.t.databaseUrl, (c) =>
      c.query(
        `update users set limits = jsonb_set(limits, '{aiAnalysisQuota}', to_jsonb($2::int)),
           usage = jsonb_set(usage, '{aiAnalysisUsed}', to_jsonb($3::int)), ai_usage_period = null
         where id = (select owner_id from workspaces where id = $1)`,
        [w.owner.ws, quota, used],
      ),
    );
  const usedNow = () =>
    withPg(w.t.databaseUrl, async (c) => {
      const r = await c.query(
        `select (usage->>'aiAnalysisUsed')::int as used from users where id = (select owner_id from workspaces where id = $1)`,
        [w.owner.ws],
      );
      return r.rows[0].used as number;
    });
  /** A direct analyser on a pool of its own (closed after `fn`), with a snapshot of the test camera. */
  async function withAnalyser(
    poolSize: number,
    fn: (analyser: ReturnType<typeof createAnalyser>, jpeg: Buffer) => Promise<void>,
  ): Promise<void> {
    const { db, pool } = createDb(w.t.databaseUrl, poolSize);
    try {
      const analyser = createAnalyser({
        db,
        secrets: createSecretBox(w.t.config.authSecret),
        policy: { allowLoopback: true },
        ffmpegPath: () => ffmpegTools().ffmpeg.path,
      });
      const snapshot = await client.call(w.owner.token, 'GET', `/api/v1/cameras/${w.camera}/snapshot`);
      await fn(analyser, snapshot.rawPayload);
    } finally {
      await pool.end();
    }
  }
  const liveFeeds = new Map<string, LiveFeed>();

  beforeAll(async () => {
    w.t = await createTestApp({}, { video: { liveFeeds } });
    await signUp(w.t.app); // the admin
    w.owner = await client.person('Olivia Owner');
    const v = await client.person('Vic Viewer');
    w.viewer = { token: v.token, uid: v.uid };
    const m = await client.person('Max Manager');
    w.manager = { token: m.token, uid: m.uid };
    w.camera = await createTestPatternCamera(w.t.app, w.owner.token, 'Door', 'off');
    const feed = new LiveFeed();
    feed.push(sample);
    liveFeeds.set(w.camera, feed);
    await joinWorkspace(w.t.databaseUrl, w.viewer.uid, w.owner.ws, 'viewer');
    await joinWorkspace(w.t.databaseUrl, w.manager.uid, w.owner.ws, 'manager');
    w.codeproject = await startStub({ status: 200, json: codeProjectAnswer([]) });
    w.openai = await startStub({
      status: 200,
      json: chatAnswer('A man in a red coat stands at the front door. He waits.'),
    });
    if (!configured) return;
    await grantPlan(w.t.databaseUrl, w.owner.ws, 'pro');
    client.ok(
      await client.call(w.owner.token, 'PUT', '/api/v1/ai/settings', {
        codeproject: { url: w.codeproject.url, apiKey: CODEPROJECT_KEY, timeoutMs: 5000 },
        openai: { url: `${w.openai.url}/v1`, apiKey: OPENAI_KEY, model: OPENAI_MODEL },
      }),
    );
    const cam = client.ok(
      await client.call(w.owner.token, 'PATCH', `/api/v1/cameras/${w.camera}`, {
        motion: { zones: [DRIVEWAY_ZONE] },
        ai: CAMERA_AI,
      }),
    );
    expect(cam.ai).toMatchObject(CAMERA_AI);
  });
  afterAll(async () => {
    await w.codeproject?.close();
    await w.openai?.close();
    await w.t?.close();
  });
  return Object.assign(w, client, { setQuota, usedNow, withAnalyser });
}

import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, SCREENSHOT_DIR, useBrowser, signedInPage } from './fixtures/browser.ts';
import { addCamera, deleteCamera, waitOnline } from './fixtures/cameras.ts';

const base = inject('baseUrl');
const PHONE_390 = { width: 390, height: 844 };

/**
 * The AI pages in Chromium. A workspace on the Pro plan (AI access) with two cameras
 * and `ai.detection` events inserted over the last days: /ai/analytics draws its charts, tables and
 * CSV from them; a workspace without the plan sees the plan notice on every AI page; the settings
 * page saves a CodeProject.AI server and a camera's AI settings through the real API; the
 * detection page's "Analyse now" goes through the server to a CodeProject.AI-protocol server
 * started here (which checks what it receives) and draws the boxes over the live video.
 */
const browser = useBrowser();

/** The width and height of a JPEG (its SOF marker), to answer in pixels as CodeProject.AI does. */
function jpegSize(buf: Buffer): { width: number; height: number } | null {
  for (let i = buf.indexOf(Buffer.from([0xff, 0xd8])); i >= 0 && i < buf.length - 9; i++) {
    if (buf[i] === 0xff && (buf[i + 1] === 0xc0 || buf[i + 1] === 0xc2))
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
  }
  return null;
}

/**
 * A CodeProject.AI-protocol server: POST /v1/vision/detection with the multipart `image`; it
 * answers a person and a car in pixels of the picture it received, and keeps what it received.
 */
async function startCodeProject() {
  const received: { path: string; hasImage: boolean; minConfidence: string | null; apiKey: string | null }[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const text = body.toString('latin1');
    const field = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(text)?.[1] ?? null;
    const size = jpegSize(body);
    received.push({
      path: req.url ?? '',
      hasImage: /name="image"/.test(text) && !!size,
      minConfidence: field('min_confidence'),
      apiKey: field('api_key'),
    });
    const w = size?.width ?? 1280;
    const h = size?.height ?? 720;
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        success: true,
        predictions: [
          { label: 'person', confidence: 0.92, x_min: 0.1 * w, y_min: 0.15 * h, x_max: 0.35 * w, y_max: 0.95 * h },
          { label: 'car', confidence: 0.81, x_min: 0.5 * w, y_min: 0.4 * h, x_max: 0.95 * w, y_max: 0.85 * h },
          { label: 'cup', confidence: 0.9, x_min: 0, y_min: 0, x_max: 10, y_max: 10 },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('AI pages', () => {
  let db: pg.Client;
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let plain: Awaited<ReturnType<typeof apiSignUp>>;
  let codeproject: Awaited<ReturnType<typeof startCodeProject>>;
  const cams: string[] = [];

  const api = (token: string, method: string, url: string, body?: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    codeproject = await startCodeProject();
    owner = await apiSignUp(base, 'Aida Detector');
    plain = await apiSignUp(base, 'Basil Basic');
    // The Pro plan, as an administrator grants it (apps/server/test/helpers.ts grantPlan).
    await db.query(
      `update subscriptions set plan_key = 'pro', status = 'active', source = 'complimentary', interval = null,
         period_start = now(), period_end = null where workspace_id = $1`,
      [owner.workspace.id],
    );
    await db.query(
      `update users u set plan = p.key, plan_status = 'active', limits = p.limits,
         ai_access = (p.features->>'aiAccess')::boolean, vms_access = (p.features->>'vms')::boolean,
         usage = u.usage || '{"aiAnalysisUsed": 1234}'::jsonb,
         ai_usage_period = date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
       from plans p where p.key = 'pro' and u.workspace_id = $1`,
      [owner.workspace.id],
    );
    expect((await api(owner.token, 'PUT', '/api/v1/schedules/time-zone', { timeZone: 'Europe/Paris' })).status).toBe(
      200,
    );
    // The first camera plays live (the detection page's tile); the second stays off.
    cams.push(await addCamera(base, owner, { name: 'Front door', recordingMode: 'off' }));
    cams.push(await addCamera(base, owner, { name: 'Driveway', recordingMode: 'off' }));
    expect((await api(owner.token, 'PATCH', `/api/v1/cameras/${cams[1]}`, { enabled: false })).status).toBe(200);
    // 30 detections over the last 6 local days (none in the future): people at the door, cars and a dog in the driveway.
    await db.query(
      `insert into events (workspace_id, camera_id, kind, severity, start_at, detail)
       select $1, case when g % 3 = 0 then $3::uuid else $2::uuid end, 'ai.detection', 'alert',
              least(now() - interval '1 minute',
                    (date_trunc('day', now() at time zone 'Europe/Paris') - (g % 6) * interval '1 day'
                     + (7 + (g * 5) % 12) * interval '1 hour') at time zone 'Europe/Paris'),
              jsonb_build_object('labels', case when g % 3 = 0 then (case when g % 2 = 0 then '["car","dog"]' else '["car"]' end)::jsonb
                                                else '["person"]'::jsonb end,
                                 'detections', '[]'::jsonb, 'provider', 'local', 'motionEventId', null)
       from generate_series(1, 30) g`,
      [owner.workspace.id, cams[0], cams[1]],
    );
  });
  afterAll(async () => {
    for (const id of cams) await deleteCamera(base, owner, id);
    await db?.end();
    await codeproject?.stop();
  });

  async function signedIn(who: { user: { email: string }; password: string }) {
    return signedInPage(browser, base, who.user.email, who.password, DESKTOP);
  }
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOT_DIR, `ai-${name}.png`), fullPage: true });
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const setTheme = async (theme: 'dark' | 'light', page: Page) => {
    expect((await api(owner.token, 'PATCH', '/api/v1/me', { preferences: { theme } })).status).toBe(200);
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(theme === 'dark');
  };

  it('without AI access, each AI page says who can use it and the navigation does not offer them', async () => {
    const { ctx, page, watch } = await signedIn(plain);
    try {
      for (const [p, title] of [
        ['/ai/analytics', 'AI analytics'],
        ['/ai/settings', 'AI settings'],
        ['/ai/detection', 'AI detection'],
      ] as const) {
        await page.goto(`${base}${p}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByTestId('page-refusal').waitFor();
        expect(await page.getByTestId('page-refusal').textContent(), title).toMatch(
          /in a workspace whose plan includes AI detection|workspaces whose plan includes AI detection/,
        );
      }
      const links = await page.getByRole('navigation', { name: 'Application' }).getByRole('link').allTextContents();
      expect(links.join('|')).not.toMatch(/AI/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  const CHARTS = ['ai-per-day-chart', 'ai-per-label-chart', 'ai-per-camera-chart', 'heatmap-chart'];
  const allDrawn = (page: Page) =>
    expect.poll(async () => (await Promise.all(CHARTS.map((c) => page.getByTestId(c).isVisible()))).every(Boolean));

  it('analytics: charts, tables and CSV from the detections, the quota; 390 px and dark', async () => {
    const { ctx, page, watch } = await signedIn(owner);
    try {
      // Offered in the navigation with the plan (Review).
      await page.goto(`${base}/viewer/settings`);
      await page.getByRole('navigation', { name: 'Application' }).getByRole('link', { name: 'AI analytics' }).click();
      await page.waitForURL(`${base}/ai/analytics`);
      await allDrawn(page).toBe(true);
      const perDay = page.getByTestId('ai-per-day');
      await expect.poll(() => perDay.textContent()).toMatch(/30 detections;.*days in Europe\/Paris/);
      await expect
        .poll(() => page.getByTestId('ai-per-label').textContent())
        .toMatch(/3 kinds of object; person most often, 20 times\./);
      await expect
        .poll(() => page.getByTestId('ai-per-camera').textContent())
        .toMatch(/2 cameras; Front door detected the most, 20\./);
      await expect.poll(() => page.getByTestId('ai-quota').textContent()).toMatch(/1,234 of 5,000/);
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');

      await perDay.getByText('Show the figures').click();
      await expect.poll(() => perDay.getByRole('table').getByRole('row').count()).toBe(8);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        perDay.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^vigil-ai-labels-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
      expect(csv[0]).toBe('day (Europe/Paris),detections,person,car,dog');

      // One camera narrows every figure.
      await page.getByTestId('ai-analytics-filters').getByLabel('Camera').selectOption({ label: 'Driveway' });
      await expect.poll(() => perDay.textContent()).toMatch(/10 detections/);
      await page.getByTestId('ai-analytics-filters').getByLabel('Period').selectOption({ label: 'Last 30 days' });
      await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('30');
      await page.getByTestId('ai-analytics-filters').getByLabel('Camera').selectOption({ label: 'All cameras' });
      await expect.poll(() => perDay.textContent()).toMatch(/30 detections/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, 'analytics-desktop');

      await page.setViewportSize(PHONE_390);
      await allDrawn(page).toBe(true);
      await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
      await shot(page, 'analytics-phone');
      await setTheme('dark', page);
      await allDrawn(page).toBe(true);
      await shot(page, 'analytics-phone-dark');
      await page.setViewportSize(DESKTOP);
      await allDrawn(page).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, 'analytics-desktop-dark');
      await setTheme('light', page);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('settings: saves a CodeProject.AI server and a camera’s AI settings; keys only "set"; 390 px and dark', async () => {
    const { ctx, page, watch } = await signedIn(owner);
    try {
      await page.goto(`${base}/ai/settings`);
      await page
        .getByTestId('ai-local')
        .getByText(/Ready|Not available/)
        .waitFor();
      await expect.poll(() => page.getByTestId('ai-quota').textContent()).toMatch(/1,234 of 5,000/);

      const cp = page.getByTestId('ai-codeproject');
      await cp.getByRole('switch', { name: /CodeProject\.AI/ }).click();
      await cp.getByLabel('Address').fill(codeproject.url);
      await cp.getByLabel('Time limit (seconds)').fill('5');
      await cp.getByText('No key is set.').waitFor();
      await cp.getByRole('button', { name: 'Replace key' }).click();
      await cp.getByLabel('New API key').fill('s3cret');
      await page.getByRole('button', { name: 'Save detectors' }).click();
      await page.getByText('Detectors saved.').waitFor();
      const saved = await (await api(owner.token, 'GET', '/api/v1/ai/settings')).json();
      expect(saved).toMatchObject({
        codeproject: { url: codeproject.url, hasApiKey: true, timeoutMs: 5000 },
        openai: null,
      });
      expect(JSON.stringify(saved)).not.toContain('s3cret');
      // The key is never shown again: only that one is set.
      await cp.getByText('A key is set.').waitFor();
      expect(await cp.getByLabel('New API key').count()).toBe(0);

      // Front door: on, the CodeProject server, person + car + dog, 60 %, alerts for people.
      const row = page.getByTestId('ai-camera').filter({ hasText: 'Front door' });
      await row.locator('summary').first().click();
      const editor = row.getByTestId('ai-camera-editor');
      await editor.getByRole('switch', { name: 'AI detection on Front door' }).click();
      await editor.getByLabel('Detector').selectOption({ label: 'CodeProject.AI server' });
      await editor.getByTestId('ai-labels').getByLabel('dog').check();
      await editor
        .getByText(/More objects/)
        .first()
        .click();
      await editor.getByLabel('Find an object').fill('bicy');
      await editor.getByTestId('ai-labels').getByLabel('bicycle').check();
      await editor.getByTestId('ai-labels').getByLabel('bicycle').uncheck();
      const slider = editor.getByTestId('ai-min-score');
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => slider.inputValue()).toBe('0.6');
      await editor.getByTestId('ai-alert-labels').getByLabel('car').check();
      await editor.getByRole('button', { name: 'Save Front door' }).click();
      await page.getByText('AI settings of Front door saved.').waitFor();
      const camera = await (await api(owner.token, 'GET', `/api/v1/cameras/${cams[0]}`)).json();
      expect(camera).toMatchObject({
        ai: {
          enabled: true,
          provider: 'codeproject',
          labels: ['person', 'car', 'dog'],
          minScore: 0.6,
          alertLabels: ['person', 'car'],
          labelZones: {},
          describe: false,
        },
      });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, 'settings-desktop');
      // The motion pipeline stays off for the rest of the file (the detection test turns it on at its end).
      const off = await api(owner.token, 'PATCH', `/api/v1/cameras/${cams[0]}`, {
        ai: { ...camera.ai, enabled: false },
      });
      expect(off.status).toBe(200);
      await page.setViewportSize(PHONE_390);
      await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
      await shot(page, 'settings-phone');
      await setTheme('dark', page);
      await page.getByTestId('ai-local').waitFor();
      await shot(page, 'settings-phone-dark');
      await page.setViewportSize(DESKTOP);
      await page.getByTestId('ai-camera').filter({ hasText: 'Front door' }).locator('summary').first().click();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, 'settings-desktop-dark');
      await setTheme('light', page);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('detection: "Analyse now" draws boxes over the live video, the quota notice when exhausted; latest and search play the moment', async () => {
    await waitOnline(base, owner, cams[0]!);
    const { ctx, page, watch } = await signedIn(owner);
    try {
      // The workspace's CodeProject.AI server and the camera's settings (as the settings page saves them).
      const put = await api(owner.token, 'PUT', '/api/v1/ai/settings', {
        codeproject: { url: codeproject.url, apiKey: 'k3y', timeoutMs: 5000 },
      });
      expect(put.status, await put.clone().text()).toBe(200);
      // Off for the motion pipeline at first: only "Analyse now" and the injected message draw boxes.
      const ai = {
        enabled: false,
        provider: 'codeproject',
        labels: ['person', 'car', 'dog'],
        minScore: 0.6,
        alertLabels: ['person'],
      };
      const patch = await api(owner.token, 'PATCH', `/api/v1/cameras/${cams[0]}`, { ai });
      expect(patch.status, await patch.clone().text()).toBe(200);
      const setUsed = (n: number) =>
        db.query(
          `update users set usage = usage || jsonb_build_object('aiAnalysisUsed', $2::int),
             ai_usage_period = date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
           where id = (select owner_id from workspaces where id = $1)`,
          [owner.workspace.id, n],
        );
      await setUsed(1234);
      await page.goto(`${base}/ai/detection`);
      const tile = page.getByRole('region', { name: 'Front door' });
      await expect.poll(() => tile.getAttribute('data-state'), { timeout: 30_000 }).toBe('playing');
      await page.getByRole('button', { name: 'Analyse now' }).click();
      await page
        .getByTestId('ai-analyze-result')
        .getByText(/^2 objects found in \d+ ms\.$/)
        .waitFor();
      // The server sent the camera's current picture, its minimum score and the key; the cup is not a label it keeps.
      expect(codeproject.received.at(-1)).toEqual({
        path: '/v1/vision/detection',
        hasImage: true,
        minConfidence: '0.6',
        apiKey: 'k3y',
      });
      const boxes = page.getByTestId('ai-overlay').locator('[data-testid="ai-box"] rect:first-child');
      await expect.poll(() => boxes.count()).toBe(2);
      // Each box lies over the video, where the detector put it.
      const video = (await tile.locator('video[data-shown="true"]').boundingBox())!;
      const person = (await boxes.nth(0).boundingBox())!;
      expect(person.width).toBeGreaterThan(video.width * 0.2);
      expect(person.x).toBeGreaterThanOrEqual(video.x);
      expect(person.y + person.height).toBeLessThanOrEqual(video.y + video.height + 1);
      expect(Math.abs(person.x - (video.x + video.width * 0.1))).toBeLessThan(3);
      await page.getByTestId('ai-overlay').getByText('person 92%').waitFor();
      // One more than set (the pipeline, switched off just before, may have counted a last frame or two).
      await expect.poll(() => page.getByTestId('ai-quota').textContent()).toMatch(/1,2(3[5-9]|4\d) of 5,000/);
      expect(await page.getByTestId('ai-overlay').getByText(/cup/).count()).toBe(0);
      await shot(page, 'detection-desktop');
      // They fade after a few seconds.
      await expect.poll(() => boxes.count(), { timeout: 10_000 }).toBe(0);

      // A frame the recorder's pipeline analysed arrives over the realtime stream (topic ai): its box is drawn as it comes.
      await db.query(`select pg_notify('vigil_events', $1)`, [
        JSON.stringify({
          topic: 'ai',
          workspaceId: owner.workspace.id,
          cameraId: cams[0],
          data: {
            cameraId: cams[0],
            eventId: null,
            at: new Date().toISOString(),
            detections: [{ label: 'dog', score: 0.77, box: [0.6, 0.55, 0.8, 0.9] }],
          },
        }),
      ]);
      await page.getByTestId('ai-overlay').getByText('dog 77%').waitFor();
      expect(await page.locator('[data-testid="ai-box"][data-label="dog"]').count()).toBe(1);
      await shot(page, 'detection-realtime');
      await expect.poll(() => boxes.count(), { timeout: 10_000 }).toBe(0);

      // Latest detections and a search by object, camera and time; each plays its moment.
      await page.getByTestId('ai-latest').getByTestId('ai-detection').first().waitFor();
      const search = page.getByTestId('ai-search');
      await search.getByLabel('Camera').selectOption({ label: 'Driveway' });
      await search.getByLabel('When').selectOption({ label: 'Last 30 days' });
      await expect.poll(() => page.getByTestId('ai-search-count').textContent()).toBe('10 detections');
      await search.getByLabel('Object').selectOption({ label: 'dog' });
      await expect.poll(() => page.getByTestId('ai-search-count').textContent()).toBe('5 detections');
      const play = page.getByTestId('ai-results').getByTestId('ai-play').first();
      const href = (await play.getAttribute('href'))!;
      expect(href).toMatch(new RegExp(`^/viewer/recordings\\?camera=${cams[1]}&day=\\d{4}-\\d{2}-\\d{2}&zoom=1h&at=`));
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The quota reached: the server refuses (resource-exhausted) and the page says so.
      await setUsed(5000);
      await page.getByRole('button', { name: 'Analyse now' }).click();
      await page.getByTestId('ai-quota-exhausted').waitFor();
      await setUsed(1234);

      await page.setViewportSize(PHONE_390);
      await page.getByRole('button', { name: 'Analyse now' }).click();
      await expect.poll(() => boxes.count()).toBe(2);
      await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
      await shot(page, 'detection-phone');
      await setTheme('dark', page);
      await expect.poll(() => tile.getAttribute('data-state'), { timeout: 30_000 }).toBe('playing');
      await page.getByRole('button', { name: 'Analyse now' }).click();
      await expect.poll(() => boxes.count()).toBe(2);
      await shot(page, 'detection-phone-dark');
      await page.setViewportSize(DESKTOP);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, 'detection-desktop-dark');
      await setTheme('light', page);
      // The tile's own network (live feed reconnecting on reload) is the live feature's, not asserted here.
      watch.allowNetworkFailures(true);
      expect(watch.errors).toEqual([]);
      // AI on: the recorder's motion-gated pipeline analyses the moving test pattern through the
      // CodeProject.AI server, and its detections arrive over the realtime stream without a click.
      // A test pattern starts quiet (motion events off): the pipeline is motion-gated, so both go on.
      const on = await api(owner.token, 'PATCH', `/api/v1/cameras/${cams[0]}`, {
        ai: { ...ai, enabled: true },
        motion: { enabled: true },
      });
      expect(on.status).toBe(200);
      await page.locator('[data-testid="ai-box"][data-label="person"]').first().waitFor({ timeout: 45_000 });
      await shot(page, 'detection-pipeline');
      await api(owner.token, 'PATCH', `/api/v1/cameras/${cams[0]}`, { ai: { ...ai, enabled: false } });
      await play.click();
      await page.waitForURL(/\/viewer\/recordings\?/);
    } finally {
      await ctx.close();
    }
  });
});

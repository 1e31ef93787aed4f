import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, SCREENSHOT_DIR, useBrowser, watchForErrors } from './fixtures/browser.ts';
import { addCamera, deleteCamera, waitOnline } from './fixtures/cameras.ts';
import { signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const PHONE_390 = { width: 390, height: 844 };

/**
 * The AI pages in Chromium (issue 14). A workspace on the Pro plan (AI access) with two cameras
 * and `ai.detection` events inserted over the last days: /ai/analytics draws its charts, tables and
 * CSV from them; a workspace without the plan sees the plan notice on every AI page. The settings
 * and detection pages are exercised against the provider-settings, analyze and camera `ai` API
 * that h/ai-server builds: until it is merged, those calls are answered in the browser
 * (page.route) with the shapes of packages/shared/src/contracts/ai.ts, so what is checked is the
 * page (the form sends what the contract says; the boxes are drawn over the live video).
 */
const browser = useBrowser();

describe('AI pages', () => {
  let db: pg.Client;
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let plain: Awaited<ReturnType<typeof apiSignUp>>;
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
  });

  async function signedIn(who: { user: { email: string }; password: string }) {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const watch = watchForErrors(page);
    await page.goto(`${base}/auth/login`);
    await signInUi(page, who.user.email, who.password);
    await page.waitForURL(`${base}/`);
    return { ctx, page, watch };
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

  it('without AI access, each AI page shows the plan notice and the navigation does not offer them', async () => {
    const { ctx, page, watch } = await signedIn(plain);
    try {
      for (const [p, title] of [
        ['/ai/analytics', 'AI analytics'],
        ['/ai/settings', 'AI settings'],
        ['/ai/detection', 'AI detection'],
      ] as const) {
        await page.goto(`${base}${p}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByTestId('feature-gate').waitFor();
        expect(await page.getByTestId('feature-gate').textContent(), title).toMatch(/AI features are not enabled/);
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

  /** The provider settings as GET /api/v1/ai/settings answers (contracts/ai.ts aiSettingsSchema). */
  function settingsApi(page: Page) {
    const state = {
      local: { available: true, model: 'CenterNet (COCO)' },
      codeproject: null as null | { url: string; hasApiKey: boolean; timeoutMs: number },
      openai: null,
      usage: { used: 1234, quota: 5000, periodStart: new Date().toISOString() },
    };
    const puts: unknown[] = [];
    const patches: unknown[] = [];
    return {
      puts,
      patches,
      install: async () => {
        await page.route('**/api/v1/ai/settings', async (route: Route) => {
          if (route.request().method() === 'PUT') {
            const body = route.request().postDataJSON() as {
              codeproject?: { url: string; apiKey?: string | null; timeoutMs: number } | null;
            };
            puts.push(body);
            state.codeproject = body.codeproject
              ? {
                  url: body.codeproject.url,
                  hasApiKey: !!body.codeproject.apiKey,
                  timeoutMs: body.codeproject.timeoutMs,
                }
              : null;
          }
          await route.fulfill({ json: state });
        });
        // The camera's `ai` (PATCH /cameras/:id { ai }): recorded, the real camera answered otherwise.
        await page.route('**/api/v1/cameras/*', async (route: Route) => {
          if (route.request().method() !== 'PATCH') return route.fallback();
          const body = route.request().postDataJSON() as { ai?: unknown };
          if (!body.ai) return route.fallback();
          patches.push({ url: route.request().url(), ...body });
          const cam = await (await api(owner.token, 'GET', `/api/v1/cameras/${cams[0]}`)).json();
          await route.fulfill({ json: { ...cam, ai: body.ai } });
        });
      },
    };
  }

  it('settings: saves a CodeProject.AI server and a camera’s AI settings; keys only "set"; 390 px and dark', async () => {
    const { ctx, page, watch } = await signedIn(owner);
    try {
      const server = settingsApi(page);
      await server.install();
      await page.goto(`${base}/ai/settings`);
      await page
        .getByTestId('ai-local')
        .getByText(/Ready: CenterNet/)
        .waitFor();
      await expect.poll(() => page.getByTestId('ai-quota').textContent()).toMatch(/1,234 of 5,000/);

      const cp = page.getByTestId('ai-codeproject');
      await cp.getByRole('switch', { name: /CodeProject\.AI/ }).click();
      await cp.getByLabel('Address').fill('http://127.0.0.1:32168');
      await cp.getByLabel('Time limit (seconds)').fill('5');
      await cp.getByText('No key is set.').waitFor();
      await cp.getByRole('button', { name: 'Replace key' }).click();
      await cp.getByLabel('New API key').fill('s3cret');
      await page.getByRole('button', { name: 'Save detectors' }).click();
      await page.getByText('Detectors saved.').waitFor();
      expect(server.puts.at(-1)).toEqual({
        codeproject: { url: 'http://127.0.0.1:32168', apiKey: 's3cret', timeoutMs: 5000 },
        openai: null,
      });
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
      expect(server.patches.at(-1)).toMatchObject({
        url: expect.stringContaining(cams[0]!),
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
      let exhausted = false;
      await page.route('**/api/v1/ai/analyze', async (route: Route) => {
        expect(route.request().postDataJSON()).toEqual({ cameraId: cams[0] });
        if (exhausted) {
          await route.fulfill({
            status: 429,
            json: { error: { code: 'resource-exhausted', message: 'AI analysis limit reached.' } },
          });
          return;
        }
        await route.fulfill({
          json: {
            detections: [
              { label: 'person', score: 0.92, box: [0.1, 0.15, 0.35, 0.95] },
              { label: 'car', score: 0.81, box: [0.5, 0.4, 0.95, 0.85] },
            ],
            provider: 'local',
            tookMs: 380,
            usage: { used: 1235, quota: 5000 },
          },
        });
      });
      await page.goto(`${base}/ai/detection`);
      const tile = page.getByRole('region', { name: 'Front door' });
      await expect.poll(() => tile.getAttribute('data-state'), { timeout: 30_000 }).toBe('playing');
      await page.getByRole('button', { name: 'Analyse now' }).click();
      await page.getByTestId('ai-analyze-result').getByText('2 objects found in 380 ms.').waitFor();
      const boxes = page.getByTestId('ai-overlay').locator('[data-testid="ai-box"] rect:first-child');
      await expect.poll(() => boxes.count()).toBe(2);
      // Each box lies over the video, where the detector put it.
      const video = (await tile.locator('video').boundingBox())!;
      const person = (await boxes.nth(0).boundingBox())!;
      expect(person.width).toBeGreaterThan(video.width * 0.2);
      expect(person.x).toBeGreaterThanOrEqual(video.x);
      expect(person.y + person.height).toBeLessThanOrEqual(video.y + video.height + 1);
      expect(Math.abs(person.x - (video.x + video.width * 0.1))).toBeLessThan(3);
      await page.getByTestId('ai-overlay').getByText('person 92%').waitFor();
      await expect.poll(() => page.getByTestId('ai-quota').textContent()).toMatch(/1,235 of 5,000/);
      await shot(page, 'detection-desktop');
      // They fade after a few seconds.
      await expect.poll(() => boxes.count(), { timeout: 10_000 }).toBe(0);

      // Latest detections and a search by object, camera and time; each plays its moment.
      await page.getByTestId('ai-latest').getByTestId('ai-detection').first().waitFor();
      const search = page.getByTestId('ai-search');
      await search.getByLabel('Camera').selectOption({ label: 'Driveway' });
      await search.getByLabel('When').selectOption({ label: 'Last 30 days' });
      await expect.poll(() => page.getByTestId('ai-search-count').textContent()).toBe('10 detections');
      const play = page.getByTestId('ai-results').getByTestId('ai-play').first();
      const href = (await play.getAttribute('href'))!;
      expect(href).toMatch(new RegExp(`^/viewer/recordings\\?camera=${cams[1]}&day=\\d{4}-\\d{2}-\\d{2}&zoom=1h&at=`));
      expect(await seriousAxeViolations(page)).toEqual([]);

      exhausted = true;
      await page.getByRole('button', { name: 'Analyse now' }).click();
      await page.getByTestId('ai-quota-exhausted').waitFor();

      await page.setViewportSize(PHONE_390);
      exhausted = false;
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
      await play.click();
      await page.waitForURL(/\/viewer\/recordings\?/);
    } finally {
      await ctx.close();
    }
  });
});

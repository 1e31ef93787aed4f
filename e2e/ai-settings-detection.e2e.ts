import { describe, expect, it } from 'vitest';
import { PHONE_390, useAiPagesWorld } from './fixtures/ai-world.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, useBrowser } from './fixtures/browser.ts';
import { waitOnline } from './fixtures/cameras.ts';

/**
 * The AI pages in Chromium (the workspace: e2e/fixtures/ai-world.ts): the settings page saves a
 * CodeProject.AI server and a camera's AI settings through the real API; the detection page's
 * "Analyse now" goes through the server to a CodeProject.AI-protocol server started here (which
 * checks what it receives) and draws the boxes over the live video.
 */
const browser = useBrowser();

describe('AI pages: settings and detection', () => {
  const w = useAiPagesWorld(browser);
  const { base, api, signedIn, shot, overflow, setTheme } = w;

  it('settings: saves a CodeProject.AI server and a camera’s AI settings; keys only "set"; 390 px and dark', async () => {
    const { ctx, page, watch } = await signedIn(w.owner);
    try {
      await page.goto(`${base}/ai/settings`);
      await page
        .getByTestId('ai-local')
        .getByText(/Ready|Not available/)
        .waitFor();
      await expect.poll(() => page.getByTestId('ai-quota').textContent()).toMatch(/1,234 of 5,000/);

      const cp = page.getByTestId('ai-codeproject');
      await cp.getByRole('switch', { name: /CodeProject\.AI/ }).click();
      await cp.getByLabel('Address').fill(w.codeproject.url);
      await cp.getByLabel('Time limit (seconds)').fill('5');
      await cp.getByText('No key is set.').waitFor();
      await cp.getByRole('button', { name: 'Replace key' }).click();
      await cp.getByLabel('New API key').fill('s3cret');
      await page.getByRole('button', { name: 'Save detectors' }).click();
      await page.getByText('Detectors saved.').waitFor();
      const saved = await (await api(w.owner.token, 'GET', '/api/v1/ai/settings')).json();
      expect(saved).toMatchObject({
        codeproject: { url: w.codeproject.url, hasApiKey: true, timeoutMs: 5000 },
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
      const camera = await (await api(w.owner.token, 'GET', `/api/v1/cameras/${w.cams[0]}`)).json();
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
      const off = await api(w.owner.token, 'PATCH', `/api/v1/cameras/${w.cams[0]}`, {
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
    await waitOnline(base, w.owner, w.cams[0]!);
    const { ctx, page, watch } = await signedIn(w.owner);
    try {
      // The workspace's CodeProject.AI server and the camera's settings (as the settings page saves them).
      const put = await api(w.owner.token, 'PUT', '/api/v1/ai/settings', {
        codeproject: { url: w.codeproject.url, apiKey: 'k3y', timeoutMs: 5000 },
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
      const patch = await api(w.owner.token, 'PATCH', `/api/v1/cameras/${w.cams[0]}`, { ai });
      expect(patch.status, await patch.clone().text()).toBe(200);
      const setUsed = (n: number) =>
        w.db.query(
          `update users set usage = usage || jsonb_build_object('aiAnalysisUsed', $2::int),
             ai_usage_period = date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
           where id = (select owner_id from workspaces where id = $1)`,
          [w.owner.workspace.id, n],
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
      expect(w.codeproject.received.at(-1)).toEqual({
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
      await w.db.query(`select pg_notify('vigil_events', $1)`, [
        JSON.stringify({
          topic: 'ai',
          workspaceId: w.owner.workspace.id,
          cameraId: w.cams[0],
          data: {
            cameraId: w.cams[0],
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
      expect(href).toMatch(
        new RegExp(`^/viewer/recordings\\?camera=${w.cams[1]}&day=\\d{4}-\\d{2}-\\d{2}&zoom=1h&at=`),
      );
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
      const on = await api(w.owner.token, 'PATCH', `/api/v1/cameras/${w.cams[0]}`, {
        ai: { ...ai, enabled: true },
        motion: { enabled: true },
      });
      expect(on.status).toBe(200);
      await page.locator('[data-testid="ai-box"][data-label="person"]').first().waitFor({ timeout: 45_000 });
      await shot(page, 'detection-pipeline');
      await api(w.owner.token, 'PATCH', `/api/v1/cameras/${w.cams[0]}`, { ai: { ...ai, enabled: false } });
      await play.click();
      await page.waitForURL(/\/viewer\/recordings\?/);
    } finally {
      await ctx.close();
    }
  });
});

import { mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { DESKTOP, SCREENSHOT_DIR, useBrowser, watchForErrors } from './fixtures/browser.ts';
import { addCamera, waitOnline } from './fixtures/cameras.ts';
import { expectLivePlaying } from './fixtures/live.ts';
import { type RtspServer, startRtspServer } from './fixtures/rtsp-server.ts';
import { type RunningServer, startServer } from './fixtures/server.ts';
import { signInUi } from './fixtures/ui.ts';

const browser = useBrowser();

/**
 * This machine's PATH, less the named programs: one folder of links to everything else (embedded
 * PostgreSQL, run as root, still needs the system's user tools).
 */
function pathWithout(names: string[]): string {
  const bin = mkdtempSync(path.join(tmpdir(), 'vigil-path-'));
  const seen = new Set(names);
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {}
    for (const name of entries) {
      if (seen.has(name)) continue;
      seen.add(name);
      symlinkSync(path.join(dir, name), path.join(bin, name));
    }
  }
  return bin;
}

/**
 * A fresh machine: Vigil on a PATH without ffmpeg and ffprobe
 * uses the binaries npm installed, says so at start, tests and records the test pattern and an
 * RTSP camera, and Chromium plays both.
 */
describe('without a system ffmpeg', () => {
  let server: RunningServer;
  let rtsp: RtspServer;
  let owner: Awaited<ReturnType<typeof apiSignUp>>;

  beforeAll(async () => {
    server = await startServer({ env: { PATH: pathWithout(['ffmpeg', 'ffprobe']) } });
    rtsp = await startRtspServer();
    await apiSignUp(server.url, 'First Admin');
    owner = await apiSignUp(server.url, 'Noff Owner');
  });
  afterAll(async () => {
    await rtsp?.stop();
    await server?.stop();
  });

  it('names the bundled ffmpeg at start', () => {
    expect(server.output()).toMatch(/ffmpeg: \S+@ffmpeg-installer\S+ \(bundled by npm; ffmpeg version/);
    expect(server.output()).toMatch(/ffprobe: \S+@ffprobe-installer\S+ \(bundled by npm; ffprobe version/);
  });

  it('"Test connection" and recording work, and the test pattern and an RTSP camera play', async () => {
    const probe = await fetch(`${server.url}/api/v1/cameras/probe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ source: { type: 'rtsp', url: rtsp.url } }),
    });
    expect(await probe.json()).toMatchObject({ ok: true, codec: 'h264' });
    const pattern = await addCamera(server.url, owner, { name: 'Bundled pattern', recordingMode: 'continuous' });
    const gate = await addCamera(server.url, owner, {
      name: 'Bundled RTSP',
      source: { type: 'rtsp', url: rtsp.url },
      recordingMode: 'continuous',
    });
    await waitOnline(server.url, owner, pattern);
    await waitOnline(server.url, owner, gate);

    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const watch = watchForErrors(page);
    try {
      await page.goto(`${server.url}/auth/login`);
      await signInUi(page, owner.user.email, owner.password);
      await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
      await page.goto(`${server.url}/viewer/live`);
      for (const name of ['Bundled pattern', 'Bundled RTSP']) await expectLivePlaying(page, name);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'live-bundled-ffmpeg.png') });
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
    expect(server.output()).not.toMatch(/ENOENT/);
  });
});

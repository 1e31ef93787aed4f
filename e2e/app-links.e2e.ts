import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, useBrowser, watchForErrors } from './fixtures/browser.ts';
import { signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const shot = (name: string) => path.join(SCREENSHOT_DIR, `app-links-${name}.png`);

/**
 * The installed app's links: the manifest registers `web+vigil:` and offers the app for install;
 * the browser hands a link to /open, which opens the event (after a sign-in when needed) and
 * refuses anything it does not know. Plain https links keep opening their pages as before.
 */
describe('web+vigil: links and the installable app', () => {
  let db: pg.Client;
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let eventId: string;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    owner = await apiSignUp(base, 'Lina Link');
    // A disabled camera row and one event on it: nothing records, the event page has its object.
    const camera = await db.query<{ id: string }>(
      `insert into cameras (workspace_id, name, source_type, enabled, status) values ($1, 'Gate', 'test-pattern', false, 'disabled') returning id`,
      [owner.workspace.id],
    );
    const event = await db.query<{ id: string }>(
      `insert into events (workspace_id, camera_id, kind, severity, start_at, end_at, detail)
       values ($1, $2, 'camera.offline', 'alert', now() - interval '5 minutes', now() - interval '4 minutes', $3) returning id`,
      [owner.workspace.id, camera.rows[0]!.id, JSON.stringify({ error: 'Connection refused' })],
    );
    eventId = event.rows[0]!.id;
  });
  afterAll(async () => {
    await db?.end();
  });

  it('the manifest registers the scheme and can be installed (icons, standalone, a service worker)', async () => {
    const manifest = await (await fetch(`${base}/manifest.webmanifest`)).json();
    expect(manifest.protocol_handlers).toEqual([{ protocol: 'web+vigil', url: '/open?target=%s' }]);
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect((await fetch(`${base}/sw.js`)).status).toBe(200);
  });

  it('/open?target=web+vigil:event/<id> signs in first, then lands on the event', async () => {
    const ctx = await browser.newContext(DESKTOP);
    try {
      const page = await ctx.newPage();
      const watch = watchForErrors(page);
      const target = encodeURIComponent(`web+vigil:event/${eventId}`);
      await page.goto(`${base}/open?target=${target}`);
      await page.waitForURL((url) => url.pathname === '/auth/login');
      await signInUi(page, owner.user.email, owner.password);
      await page.waitForURL((url) => url.pathname === '/viewer/events' && url.searchParams.get('id') === eventId);
      await page.getByTestId('event-dialog').waitFor();
      await page.screenshot({ path: shot('event-1280') });

      // Signed in, the same link opens the event at once; a plain https link of the app still works.
      await page.goto(`${base}/open?target=${target}`);
      await page.waitForURL((url) => url.pathname === '/viewer/events' && url.searchParams.get('id') === eventId);
      await page.getByTestId('event-dialog').waitFor();
      await page.goto(`${base}/viewer/events?id=${eventId}`);
      await page.getByTestId('event-dialog').waitFor();
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it('refuses a target it does not know, and never leaves the app', async () => {
    const ctx = await browser.newContext({ ...PHONE, width: 390 });
    try {
      const page = await ctx.newPage();
      const watch = watchForErrors(page);
      await page.goto(`${base}/auth/login`);
      await signInUi(page, owner.user.email, owner.password);
      await page.waitForURL((url) => url.pathname.endsWith('/dashboard'));
      for (const target of ['https://evil.example.com/', '//evil.example.com', 'web+vigil:event/../admin']) {
        await page.goto(`${base}/open?target=${encodeURIComponent(target)}`);
        await page.getByRole('heading', { level: 1, name: 'This link cannot be opened' }).waitFor();
        expect(new URL(page.url()).origin).toBe(base);
      }
      expect(await page.getByTestId('support-contact').textContent()).toContain('+33 1 23 45 67 89');
      await page.screenshot({ path: shot('refused-390'), fullPage: true });
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});

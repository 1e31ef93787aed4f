import { afterAll, describe, expect, it } from 'vitest';
import { openBrowser, watchForErrors } from './fixtures/browser.ts';
import { type RunningServer, startServer } from './fixtures/server.ts';

/** Spec §1 banner: it follows the server going away and coming back, by itself. */
describe('connection banner', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
  });

  it('switches to "disconnected" when the server stops and back when it returns', async () => {
    const first = await startServer();
    servers.push(first);
    const ctx = await openBrowser();
    const page = await ctx.newPage();
    const watch = watchForErrors(page);
    await page.goto(`${first.url}/about`);
    const banner = page.getByTestId('connection-banner');
    await expect
      .poll(() => banner.textContent(), { timeout: 15_000 })
      .toContain('Preview backend running in this workspace.');

    watch.allowNetworkFailures(true);
    await first.stop();
    await expect.poll(() => banner.textContent(), { timeout: 15_000 }).toContain('Preview backend disconnected.');

    const second = await startServer({ dataDir: first.dataDir, port: first.port });
    servers.push(second);
    await expect
      .poll(() => banner.textContent(), { timeout: 20_000 })
      .toContain('Preview backend running in this workspace.');
    await ctx.close();
    expect(watch.errors).toEqual([]);
  });
});

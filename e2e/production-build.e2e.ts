import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type RunningServer, startServer } from './fixtures/server.ts';

/**
 * The production build: `npm run build` compiles the server to one JavaScript bundle (main.js and
 * the chunks of the code it loads at first use), and a production process (the Dockerfile's) runs
 * it with plain node — no tsx, no TypeScript.
 */
describe('production build', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // The web half of `npm run build` ran in global-setup; this is the server half.
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'pipe' });
    server = await startServer({ entry: 'dist', env: { NODE_ENV: 'production' } });
  }, 90_000);
  afterAll(() => server?.stop());

  it('is plain JavaScript that loads no TypeScript tooling', () => {
    const bundle = readFileSync(path.join(ROOT, 'apps/server/dist/main.js'), 'utf8');
    expect(bundle).not.toMatch(/from ["']tsx|import\(["']tsx|require\(["']tsx/);
    // What the process really runs: node and the bundle, no --import loader.
    const argv = readFileSync(`/proc/${server.process.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(argv.slice(1)).toEqual([path.join(ROOT, 'apps/server/dist/main.js')]);
    const maps = readFileSync(`/proc/${server.process.pid}/maps`, 'utf8');
    expect(maps).not.toContain('/tsx/');
  });

  it('loads each chunk of first-use code (WebRTC, PDF, S3) with plain node', () => {
    const dist = path.join(ROOT, 'apps/server/dist');
    const chunks = readdirSync(dist).filter((f) => f.endsWith('.js') && f !== 'main.js');
    for (const name of ['webrtc-session', 'talkback-session', 'invoice-pdf', 'report-pdf', 'storage-s3'])
      expect(
        chunks.some((f) => f.startsWith(`${name}-`)),
        `${name} in ${chunks.join(', ')}`,
      ).toBe(true);
    // Each imports its npm packages (werift, pdf-lib, the AWS SDK) from where main.js would.
    const script = `for (const f of ${JSON.stringify(chunks)}) await import('./' + f); console.log('loaded');`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dist, encoding: 'utf8' });
    expect(out.trim()).toBe('loaded');
  });

  it('serves the web app and the API, and every role is ready', async () => {
    const page = await fetch(`${server.url}/auth/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ status: 'ok', database: 'up' });
    expect(await (await fetch(`${server.url}/api/health/ready`)).json()).toEqual({
      ready: true,
      roles: { serve: true, record: true, work: true },
      database: 'up',
    });
    const signUp = await fetch(`${server.url}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'prod@vigil.test', password: 'password1', displayName: 'Prod' }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    const metrics = await fetch(`${server.url}/metrics`);
    expect(await metrics.text()).toMatch(/^vigil_jobs\{state="dead"\} 0$/m);
  });

  it('sends the web app as the build compressed it: Brotli or gzip as the browser accepts, never per request', async () => {
    const html = await (await fetch(`${server.url}/auth/login`)).text();
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const onDisk = readFileSync(path.join(ROOT, 'apps/web/dist', entry!));
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await fetch(`${server.url}${entry}`, { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
      const sent = Number(res.headers.get('content-length'));
      // The copy the build wrote (.br at its best setting: about a quarter of the file).
      if (encoding)
        expect(sent).toBe(
          readFileSync(path.join(ROOT, 'apps/web/dist', `${entry}.${encoding === 'br' ? 'br' : 'gz'}`)).length,
        );
      if (encoding === 'br') expect(sent).toBeLessThan(onDisk.length / 3);
      // fetch decodes it: the same script either way.
      expect(Buffer.from(await res.arrayBuffer()).equals(onDisk)).toBe(true);
    }
  });
});

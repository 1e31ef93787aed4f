import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiSignIn, uniqueEmail } from './fixtures/accounts.ts';
import { ROOT, type RunningServer, startServer } from './fixtures/server.ts';

/** `npm start` as a person runs it: data survives kill -9, and bad production config is refused. */
describe('the server process', () => {
  const running: RunningServer[] = [];
  afterAll(async () => {
    for (const s of running) await s.stop();
  });

  it('comes back after kill -9 with every committed row (the orphaned PostgreSQL is handled)', async () => {
    const first = await startServer();
    running.push(first);
    const email = uniqueEmail('survivor');
    const res = await fetch(`${first.url}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'survive-1', displayName: 'Survivor' }),
    });
    expect(res.status).toBe(201);

    await first.stop('SIGKILL');
    const second = await startServer({ dataDir: first.dataDir });
    running.push(second);
    const again = await apiSignIn(second.url, email, 'survive-1');
    expect(again.user.email).toBe(email);
    expect(again.user.displayName).toBe('Survivor');
  });

  it('refuses to start in production without its required settings, naming them', () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://vigil@127.0.0.1:1/vigil',
        VIGIL_SKIP_WEB_BUILD: '1',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Missing required configuration: AUTH_SECRET, PUBLIC_URL, SMTP_URL');
    expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/); // a message, not a stack trace
  });
});

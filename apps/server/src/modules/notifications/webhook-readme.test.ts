import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';

/**
 * The README's webhook verification, as written there, on a delivery the server really sent: the
 * Node example accepts it and refuses it altered or late, and the openssl line prints its v1.
 */
const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../README.md');
const SECRET = 'whsec-readme-0123456789';

type Verify = (secret: string, header: string, rawBody: string, toleranceSeconds?: number) => boolean;

/** The js block after the README's marker, loaded as a module. */
async function readmeExample(dir: string): Promise<Verify> {
  const text = readFileSync(README, 'utf8');
  const code = /<!-- webhook-verify-example -->\s*```js\n([\s\S]*?)```/.exec(text)?.[1];
  expect(code, 'the README has the webhook example under its marker').toBeTruthy();
  const file = path.join(dir, 'verify.mjs');
  writeFileSync(file, `${code}\nexport { verifyVigilWebhook };\n`);
  return (await import(pathToFileURL(file).href)).verifyVigilWebhook;
}

/** The README's shell line, with the body saved as received. */
function readmeShellLine(): string {
  const text = readFileSync(README, 'utf8');
  return /```sh\n(printf[^\n]*openssl[^\n]*)\n```/.exec(text)![1]!;
}

describe('the README’s webhook signature check', () => {
  let t: TestApp;
  let receiver: http.Server;
  let dir: string;
  const received: { raw: string; headers: http.IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(inject('tmpRoot'), 'readme-webhook-'));
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push({ raw: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    vi.useRealTimers();
    await new Promise((r) => receiver?.close(r));
    await t?.close();
  });

  it('accepts a real delivery, and refuses it altered, with another secret, or replayed late', async () => {
    const owner = await signUp(t.app);
    const port = (receiver.address() as AddressInfo).port;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: bearer(owner.token),
      payload: { url: `http://127.0.0.1:${port}/hook`, secret: SECRET },
    });
    expect(made.statusCode, made.body).toBe(201);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${made.json().id}/test`,
      headers: bearer(owner.token),
    });
    expect(sent.json()).toMatchObject({ ok: true, code: 200 });
    expect(received).toHaveLength(1);
    const { raw, headers } = received[0]!;
    expect(headers['x-vigil-event']).toBe('test');
    expect(headers['x-vigil-delivery']).toEqual(expect.any(String));
    const signature = String(headers['x-vigil-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const verify = await readmeExample(dir);
    expect(verify(SECRET, signature, raw)).toBe(true);
    expect(verify(SECRET, signature, raw.replace('"test"', '"event.created"'))).toBe(false);
    expect(verify('another-secret-0000', signature, raw)).toBe(false);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 301_000);
    expect(verify(SECRET, signature, raw)).toBe(false);
    vi.useRealTimers();

    // The shell line, where openssl is installed (Debian has it; the Node example stands alone otherwise).
    if (spawnSync('openssl', ['version']).status !== 0) return;
    writeFileSync(path.join(dir, 'body.json'), raw);
    const again = spawnSync('sh', ['-c', readmeShellLine()], {
      cwd: dir,
      env: { ...process.env, T: /t=(\d+)/.exec(signature)![1], SECRET },
      encoding: 'utf8',
    });
    expect(again.stdout.trim()).toBe(/v1=([0-9a-f]+)/.exec(signature)![1]);
  });
});

import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { loadVapid } from './vapid.ts';

const folder = () => mkdtempSync(path.join(tmpdir(), 'vapid-'));
const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32), VIGIL_DATA_DIR: folder(), ...env });

describe('VAPID keys', () => {
  it('are generated once into <dataDir>/vapid.json (0600) and read back by every later start', () => {
    const c = config();
    const first = loadVapid(c);
    expect(statSync(path.join(c.dataDir, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(loadVapid(c)).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
  });

  it('a process that finds the file another one is still writing waits for its keys', async () => {
    const c = config();
    const keys = webpush.generateVAPIDKeys();
    const file = path.join(c.dataDir, 'vapid.json');
    // The other process created the file (exclusively) and writes it a moment later, from another thread.
    writeFileSync(file, '', { mode: 0o600 });
    const writer = new Worker(
      `const { workerData: w } = require('node:worker_threads');
       setTimeout(() => require('node:fs').writeFileSync(w.file, w.text), 100);`,
      { eval: true, workerData: { file, text: JSON.stringify(keys) } },
    );
    expect(loadVapid(c)).toMatchObject(keys);
    await writer.terminate();
  });

  it('come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, and a bad pair is refused', () => {
    const keys = webpush.generateVAPIDKeys();
    const c = config({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    expect(loadVapid(c)).toEqual({ ...keys, subject: 'mailto:no-reply@localhost' });
    const bad = config({ VAPID_PUBLIC_KEY: 'A'.repeat(90), VAPID_PRIVATE_KEY: keys.privateKey });
    expect(() => loadVapid(bad)).toThrow(/not a web push \(P-256\) key pair/);
    expect(() => config({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
  });

  it('the subject is VAPID_SUBJECT, else MAIL_FROM’s address, else an https PUBLIC_URL', () => {
    expect(config({ VAPID_SUBJECT: 'https://vigil.example.com' }).vapid.subject).toBe('https://vigil.example.com');
    expect(config({ MAIL_FROM: 'Vigil <alerts@example.com>' }).vapid.subject).toBe('mailto:alerts@example.com');
    expect(config({ MAIL_FROM: 'ops@example.com' }).vapid.subject).toBe('mailto:ops@example.com');
    expect(config({ MAIL_FROM: 'Vigil', PUBLIC_URL: 'https://cams.example.com' }).vapid.subject).toBe(
      'https://cams.example.com',
    );
    expect(() => config({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/mailto: or https:/);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'vigil-cfg-'));

describe('loadConfig', () => {
  it('starts on embedded defaults with generated, kept secrets', () => {
    const dir = dataDir();
    const a = loadConfig({ VIGIL_DATA_DIR: dir });
    expect(a.databaseUrl).toBeUndefined();
    expect(a.port).toBe(3000);
    expect(a.authSecret).toHaveLength(64);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).authSecret).toBe(a.authSecret);
    // The same directory gives the same secret: sessions survive a restart.
    expect(loadConfig({ VIGIL_DATA_DIR: dir }).authSecret).toBe(a.authSecret);
  });

  it('names every missing required setting in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@127.0.0.1/db' })).toThrowError(
      new ConfigError('Missing required configuration: AUTH_SECRET, PUBLIC_URL, SMTP_URL'),
    );
  });

  it('accepts a complete production configuration', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x@127.0.0.1/db',
      AUTH_SECRET: 'f3a9c0d1e27b4c5a8d6e0f1b2c3d4e5f6a7b8c9d0e1f2a3b',
      PUBLIC_URL: 'https://vigil.example/',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      VIGIL_DATA_DIR: dataDir(),
    });
    expect(c.publicUrl).toBe('https://vigil.example');
    expect(c.logLevel).toBe('warn');
  });

  it('refuses a placeholder secret at production start, and says how to make a real one', () => {
    const base = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x@127.0.0.1/db',
      PUBLIC_URL: 'https://vigil.example/',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      VIGIL_DATA_DIR: dataDir(),
    };
    for (const secret of [
      'change-me-to-32-or-more-random-characters',
      'x'.repeat(32),
      'your-secret-your-secret-your-secret',
    ]) {
      expect(() => loadConfig({ ...base, AUTH_SECRET: secret })).toThrow(
        /AUTH_SECRET looks like a placeholder; generate a random value/,
      );
    }
    expect(() =>
      loadConfig({ ...base, AUTH_SECRET: randomBytes(32).toString('hex'), METRICS_TOKEN: 'change-me-metrics-token' }),
    ).toThrow(/METRICS_TOKEN looks like a placeholder/);
    // Outside production a test or a bench may use any secret of the right length.
    expect(loadConfig({ AUTH_SECRET: 'x'.repeat(32), VIGIL_DATA_DIR: dataDir() }).authSecret).toBe('x'.repeat(32));
  });

  it('turns the audit log off only outside production (benchmarks), never in production', () => {
    expect(loadConfig({ VIGIL_DATA_DIR: dataDir() }).auditDisabled).toBe(false);
    expect(loadConfig({ AUDIT_DISABLED: '1', VIGIL_DATA_DIR: dataDir() }).auditDisabled).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', AUDIT_DISABLED: 'true', VIGIL_DATA_DIR: dataDir() })).toThrow(
      /AUDIT_DISABLED is for benchmarks and is refused in production/,
    );
  });

  it('takes the disk guard’s default threshold from the environment; its off switch is for benchmarks only', () => {
    const plain = loadConfig({ VIGIL_DATA_DIR: dataDir() });
    expect(plain.diskGuard).toEqual({ percent: 5, maxGb: 2 });
    expect(plain.diskGuardDisabled).toBe(false);
    const set = loadConfig({ DISK_GUARD_PERCENT: '2.5', DISK_GUARD_MAX_GB: '20', VIGIL_DATA_DIR: dataDir() });
    expect(set.diskGuard).toEqual({ percent: 2.5, maxGb: 20 });
    expect(() => loadConfig({ DISK_GUARD_PERCENT: '0', VIGIL_DATA_DIR: dataDir() })).toThrow(/DISK_GUARD_PERCENT/);
    expect(loadConfig({ DISK_GUARD_DISABLED: 'true', VIGIL_DATA_DIR: dataDir() }).diskGuardDisabled).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', DISK_GUARD_DISABLED: '1', VIGIL_DATA_DIR: dataDir() })).toThrow(
      /DISK_GUARD_DISABLED is for benchmarks and is refused in production/,
    );
  });

  it('treats empty values as missing and rejects malformed ones', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@h/db', AUTH_SECRET: '', PUBLIC_URL: '' }),
    ).toThrow(/Missing required configuration: AUTH_SECRET, PUBLIC_URL/);
    expect(() => loadConfig({ PORT: 'eighty', VIGIL_DATA_DIR: dataDir() })).toThrow(/Invalid configuration: PORT/);
    expect(() => loadConfig({ AUTH_SECRET: 'short', VIGIL_DATA_DIR: dataDir() })).toThrow(
      /AUTH_SECRET must be at least 32/,
    );
  });
});

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROLES, SETTINGS, placeholderSecret } from './config.ts';

/**
 * Images cannot be pulled where the tests run, so the deployment files are checked for what they
 * promise: compose.yaml's shape (a database, a bucket, one serve, two record, one work) with only
 * settings Vigil knows, and a Dockerfile that builds with the npm scripts CI runs.
 */
const root = new URL('../../../', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, root), 'utf8');

describe('deployment files', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, { image?: string; build?: string; environment?: Record<string, string> }>;
  };
  const vigil = Object.entries(compose.services).filter(([, s]) => s.build === '.');

  it('compose.yaml: PostgreSQL, an S3 store, one serve, two record and one work', () => {
    const images = Object.values(compose.services).map((s) => s.image ?? '');
    expect(images.some((i) => i.startsWith('postgres:'))).toBe(true);
    expect(images.some((i) => i.startsWith('minio/minio'))).toBe(true);
    const roles = vigil.map(([, s]) => s.environment?.VIGIL_ROLES);
    expect(roles.sort()).toEqual(['record', 'record', 'serve', 'work']);
    for (const r of roles) expect(ROLES).toContain(r);
  });

  it('every Vigil service shares one database, secret and bucket, and names only settings Vigil reads', () => {
    for (const [name, s] of vigil) {
      for (const key of Object.keys(s.environment ?? {})) expect(SETTINGS, `${name}: ${key}`).toContain(key);
      expect(s.environment?.DATABASE_URL, name).toBe(vigil[0]![1].environment?.DATABASE_URL);
      expect(s.environment?.AUTH_SECRET, name).toBe(vigil[0]![1].environment?.AUTH_SECRET);
      expect(s.environment?.S3_BUCKET, name).toBe('vigil');
    }
    // Each recorder says where the serve process reaches its live feeds.
    for (const [name, s] of vigil.filter(([, s]) => s.environment?.VIGIL_ROLES === 'record'))
      expect(s.environment?.INTERNAL_URL).toBe(`http://${name}:3000`);
  });

  it('commits no secret: every key comes from .env, and compose-env.mjs makes real ones', () => {
    const secretKeys = ['AUTH_SECRET', 'VAPID_PRIVATE_KEY', 'S3_SECRET_ACCESS_KEY', 'METRICS_TOKEN'];
    for (const [name, s] of vigil)
      for (const key of secretKeys) expect(s.environment?.[key], `${name}: ${key}`).toMatch(/^\$\{[A-Z0-9_]+:\?/);
    expect(read('compose.yaml')).not.toMatch(/PRIVATE_KEY: [A-Za-z0-9_-]{40}/);
    const env = Object.fromEntries(
      execFileSync(process.execPath, [fileURLToPath(new URL('scripts/compose-env.mjs', root))], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .map((line) => line.split(/=(.*)/).slice(0, 2) as [string, string]),
    );
    expect(Object.keys(env).sort()).toEqual(
      [
        'AUTH_SECRET',
        'METRICS_TOKEN',
        'POSTGRES_PASSWORD',
        'S3_PASSWORD',
        'VAPID_PRIVATE_KEY',
        'VAPID_PUBLIC_KEY',
      ].sort(),
    );
    // What it writes passes the production start's placeholder check.
    expect(placeholderSecret(env.AUTH_SECRET!)).toBe(false);
    expect(placeholderSecret(env.METRICS_TOKEN!)).toBe(false);
    expect(env.VAPID_PUBLIC_KEY).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('the Dockerfile builds on the official Node image with the npm scripts CI runs and runs plain node', () => {
    const docker = read('Dockerfile');
    expect(docker).toMatch(/^FROM node:20[\w.-]* AS build$/m);
    expect(docker).toMatch(/^RUN npm ci$/m);
    expect(docker).toMatch(/^RUN npm run build$/m);
    expect(docker).toMatch(/^CMD \["node", "apps\/server\/dist\/main\.js"\]$/m);
    expect(JSON.parse(read('package.json')).scripts.build).toContain('scripts/build-server.mjs');
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type TestApp, createTestApp } from './harness.ts';

/**
 * The published OpenAPI document as a client generator reads it: every operation named once, its
 * error answers in the catalogue's shape, clean under Redocly's recommended rules, and the typed
 * client in packages/shared generated from this very document (`npm run openapi:generate` writes
 * it again; this file then runs with OPENAPI_WRITE=1).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TYPES_FILE = path.join(ROOT, 'packages/shared/src/api/openapi.generated.ts');
const HEADER = '// Generated from /api/openapi.json by `npm run openapi:generate`: do not edit by hand.\n\n';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Operation = { operationId?: string; responses: Record<string, { $ref?: string }> };
type Doc = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  const operations: { method: string; path: string; op: Operation }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [p, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        if (METHODS.includes(method)) operations.push({ method: method.toUpperCase(), path: p, op });
  });
  afterAll(() => t.close());

  it('names every operation once (the list is committed: a rename shows in review)', async () => {
    const missing = operations.filter((o) => !o.op.operationId).map((o) => `${o.method} ${o.path}`);
    expect(missing).toEqual([]);
    const ids = operations.map((o) => o.op.operationId!);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(repeated).toEqual([]);
    const list = operations
      .map((o) => `${o.op.operationId} ${o.method} ${o.path}`)
      .sort()
      .join('\n');
    await expect(`${list}\n`).toMatchFileSnapshot('./openapi-operations.txt');
  });

  it('lists the catalogue’s error answers on every operation, and names this installation', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: t.config.publicUrl })]);
    for (const { method, path: p, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => /^4/.test(s)),
        `${method} ${p}`,
      ).toBe(true);
      expect(statuses, `${method} ${p}`).toContain('default');
    }
    const camera = doc.paths['/api/v1/cameras/{id}']!.patch!;
    expect(camera.operationId).toBe('updateCamera');
    expect(camera.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(camera.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    expect(camera.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    // Sign-in needs no session: no 401, but its throttle's 429.
    const signIn = doc.paths['/api/v1/auth/sign-in']!.post!;
    expect(Object.keys(signIn.responses)).not.toContain('401');
    expect(signIn.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
  });

  it('has no problem under Redocly’s recommended rules', async () => {
    const file = path.join(mkdtempSync(path.join(inject('tmpRoot'), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const redocly = path.join(ROOT, 'node_modules/.bin/redocly');
    const run = await promisify(execFile)(redocly, ['lint', file, '--format=summary', '--max-problems=1000'], {
      cwd: ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    }).catch((err: { stdout: string; stderr: string }) => err);
    const output = `${run.stdout}\n${run.stderr}`;
    expect(output).toContain('Woohoo! Your API description is valid.');
    // Redocly's own notices (its Node.js support) are not problems of the document.
    expect(output).not.toMatch(/^(error|warning)\s|\d+ warnings?\b/m);
  }, 30_000);

  it('is the document the committed typed client was generated from', async () => {
    const types = HEADER + astToString(await openapiTS(doc as never));
    if (process.env.OPENAPI_WRITE === '1') writeFileSync(TYPES_FILE, types);
    expect(readFileSync(TYPES_FILE, 'utf8') === types, 'stale: run `npm run openapi:generate`').toBe(true);
  });
});

import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { cloneTemplate } from '@vigil/db';
import type { AuthResult } from '@vigil/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  databaseUrl: string;
  close(): Promise<void>;
}

/** A real app on its own fresh database (a clone of the migrated template). */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: Pick<AppOptions, 'video'> = {},
): Promise<TestApp> {
  const databaseUrl = await cloneTemplate(inject('pgAdminUrl'));
  const dataDir = mkdtempSync(path.join(inject('tmpRoot'), 'app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    VIGIL_DATA_DIR: dataDir,
    AUTH_SECRET: '5f1c9a7e3b2d4c6f8a0e1b3d5c7f9a2e4b6d8f0a',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    LOG_LEVEL: 'silent',
    // Test cameras and sinks live on loopback; the outbound policy refuses it otherwise.
    ALLOW_LOOPBACK_TARGETS: 'true',
    // ONVIF discovery probes only the unicast targets a test names: no multicast leaves the machine.
    ONVIF_DISCOVERY_MULTICAST: 'false',
    ...env,
  });
  const app = await buildApp(config, { databaseUrl, embedded: true, logger: false, ...opts });
  await app.ready();
  return { app, config, databaseUrl, close: () => app.close() };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

/**
 * A client address of its own (from the 198.18.0.0/15 benchmarking range; inject sends no packet),
 * so the per-address sign-up allowance never decides a test that only needs an account.
 */
export function uniqueAddress(): string {
  counter += 1;
  return `198.18.${(counter >> 8) & 255}.${counter & 255}`;
}

export async function signUp(
  app: FastifyInstance,
  over: Partial<{ email: string; password: string; displayName: string }> = {},
): Promise<AuthResult> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    remoteAddress: uniqueAddress(),
    payload: {
      email: uniqueEmail(),
      password: 'secret123',
      displayName: 'Test User',
      timezone: 'Europe/Paris',
      ...over,
    },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function bearer(token: string): InjectOptions['headers'] {
  return { authorization: `Bearer ${token}` };
}

/**
 * The API as the tests call it: `call` with a token's bearer, `ok` checks the status and answers
 * the JSON, `person` signs someone up and gives their token, id and workspace id.
 */
export function apiClient(app: () => FastifyInstance) {
  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app().inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const ok = (res: LightMyRequestResponse, code = 200) => {
    expect(res.statusCode, res.body).toBe(code);
    return res.json();
  };
  const person = async (name: string) => {
    const a = await signUp(app(), { displayName: name });
    const ws = (await call(a.token, 'GET', '/api/v1/me')).json().workspace.id as string;
    return { token: a.token, uid: a.user.uid, ws };
  };
  return { call, ok, person };
}

/** Calls a callable function through its wire protocol. */
export function callFn(app: FastifyInstance, token: string, name: string, data: unknown) {
  return app.inject({ method: 'POST', url: `/api/fn/${name}`, headers: bearer(token), payload: { data } });
}

/** Creates a test-pattern camera through the API (it needs no real camera) and returns its id. */
export async function createTestPatternCamera(
  app: FastifyInstance,
  token: string,
  name: string,
  recordingMode: 'continuous' | 'motion' | 'off' = 'continuous',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/cameras',
    headers: bearer(token),
    payload: { name, source: { type: 'test-pattern' }, recordingMode },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

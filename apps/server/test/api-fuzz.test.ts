import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestPatternCamera, signUp } from './harness.ts';
import { grantPlan, setRoleInDb } from './helpers.ts';
import { createKey } from './api-keys-world.ts';
import {
  SESSION_ENDERS,
  SKIP,
  STRINGS,
  type Schema,
  encode,
  judge,
  mutationsOf,
  prng,
  sample,
  withQuery,
} from './api-fuzz-inputs.ts';

/**
 * A bounded, deterministic fuzzer. It reads /api/openapi.json, so every route (today's and any
 * added later) is covered without a list, and sends malformed and hostile requests
 * as an anonymous caller, a viewer, an owner, the owner's manager API key and the admin. Any 5xx, or a 4xx outside the
 * catalogue's error shape, fails the run; all of them are listed together.
 */

interface Actor {
  name: string;
  token?: string;
  /** Sends only every nth variant of each route: an actor whose code paths another actor already walks. */
  every?: number;
}

interface Probe {
  actor: Actor;
  options: InjectOptions;
  label: string;
}

describe('API fuzzer over /api/openapi.json', () => {
  let t: TestApp;
  const actors: Actor[] = [{ name: 'anonymous' }];
  let camera = '';
  /** A task of the owner's, so the task routes' bodies are fuzzed past their lookup. */
  let task = '';
  /** A site of the owner's (whose workspace is on the vms plan), likewise. */
  let site = '';
  /** A report and a report schedule of the owner's, likewise. */
  let reportId = '';
  let reportScheduleId = '';
  /** The owner's object a route's id names: the routes' own kind, a camera otherwise. */
  const ownIdFor = (route: string) =>
    route.startsWith('/api/v1/tasks/')
      ? task
      : route.startsWith('/api/v1/sites/')
        ? site
        : route.startsWith('/api/v1/reports/')
          ? reportId
          : route.startsWith('/api/v1/report-schedules/')
            ? reportScheduleId
            : camera;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signUp(t.app);
    const owner = await signUp(t.app);
    const viewer = await signUp(t.app);
    await setRoleInDb(t.databaseUrl, viewer.user.uid, 'viewer');
    // The VMS routes are fuzzed past their plan gate.
    await grantPlan(t.databaseUrl, owner.workspace.id, 'vms');
    camera = await createTestPatternCamera(t.app, owner.token, 'Fuzzed');
    const apiKey = (await createKey(t.app, owner.token, { name: 'Fuzzed key', role: 'manager' })).key;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tasks',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { title: 'Fuzzed task', cameraId: camera },
    });
    task = created.json().id;
    await grantPlan(t.databaseUrl, owner.workspace.id, 'vms');
    const siteRes = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { name: 'Fuzzed site' },
    });
    site = siteRes.json().id;
    const asOwner = { authorization: `Bearer ${owner.token}` };
    reportId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        headers: asOwner,
        payload: { kind: 'uptime', format: 'csv', from: '2025-03-03T00:00:00Z', to: '2025-03-10T00:00:00Z' },
      })
    ).json().id;
    reportScheduleId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/report-schedules',
        headers: asOwner,
        payload: { kind: 'events', format: 'pdf', frequency: 'weekly', recipientIds: [owner.user.uid] },
      })
    ).json().id;
    actors.push(
      { name: 'viewer', token: viewer.token },
      { name: 'owner', token: owner.token },
      // The owner's rights through the key resolver: every route, a quarter of the variants.
      { name: 'manager key', token: apiKey, every: 4 },
      { name: 'admin', token: admin.token },
    );
  });
  afterAll(() => t.close());

  it('a few thousand malformed and hostile requests: no 5xx, every refusal in the catalogue’s shape', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string; name: string; schema?: Schema }[];
            requestBody?: { content: Record<string, { schema?: Schema }> };
          }
        >
      >;
    };
    const ids = { camera };
    const random = prng(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const probes: Probe[] = [];

    for (const [route, ops] of Object.entries(doc.paths)) {
      if (SKIP.some((re) => re.test(route))) continue;
      for (const [method, op] of Object.entries(ops)) {
        const params = op.parameters ?? [];
        const bodySchema = op.requestBody?.content['application/json']?.schema;
        const pathValues = () =>
          route.replace(/\{(\w+)\}/g, (_m, name: string) =>
            encode(
              String(
                pick([
                  name === 'name' ? 'admin.setUserRole' : ownIdFor(route),
                  '00000000-0000-4000-8000-000000000000',
                  pick(STRINGS.filter((s) => s.length < 300)),
                ]),
              ),
            ),
          );
        const validQuery = () =>
          Object.fromEntries(
            params.filter((p) => p.in === 'query').map((p) => [p.name, String(sample(p.schema, ids))]),
          );
        const variants: {
          url: string;
          query?: Record<string, string>;
          payload?: unknown;
          headers?: Record<string, string>;
        }[] = [];
        // Path parameters: valid, foreign, hostile.
        for (let i = 0; i < 6; i++) variants.push({ url: pathValues(), query: validQuery() });
        // Each query parameter, each mutation (strings only travel in a URL).
        for (const p of params.filter((x) => x.in === 'query')) {
          for (const v of mutationsOf(p.schema))
            variants.push({
              url: pathValues(),
              query: { ...validQuery(), [p.name]: typeof v === 'string' ? v : JSON.stringify(v) },
            });
        }
        // List queries: filters and cursors built to hurt.
        if (params.some((p) => p.name === 'where')) {
          const cursor = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
          for (const where of [
            [{ field: 'constructor', op: '==', value: 'x' }],
            [{ field: '__proto__', op: '==', value: 'x' }],
            [{ field: 'name', op: '==', value: 'a\u0000b' }],
            [{ field: 'createdAt', op: '>', value: '9999-99-99' }],
            [{ field: 'name', op: 'in', value: Array.from({ length: 5000 }, () => 'x') }],
          ])
            variants.push({ url: pathValues(), query: { where: JSON.stringify(where) } });
          for (const startAfter of [
            cursor(['\u0000', 'x']),
            cursor(['2026-01-01', 'not-a-uuid']),
            cursor({}),
            'not base64 !',
            cursor(['a', '\u0000']),
          ])
            variants.push({ url: pathValues(), query: { startAfter } });
          for (const orderBy of ['constructor:asc', '__proto__', 'name:sideways', 'toString'])
            variants.push({ url: pathValues(), query: { orderBy } });
        }
        // Bodies: near-valid with one field mutated, then whole-body abuse.
        if (bodySchema) {
          const base = sample(bodySchema, ids) as Record<string, unknown>;
          for (const [field, schema] of Object.entries(bodySchema.properties ?? {})) {
            for (const v of mutationsOf(schema))
              variants.push({ url: pathValues(), query: validQuery(), payload: { ...base, [field]: v } });
          }
          for (const payload of [
            base,
            null,
            [],
            'text',
            42,
            { ...base, extra: 1 },
            JSON.parse('{"__proto__":{"x":1}}'),
          ])
            variants.push({ url: pathValues(), query: validQuery(), payload });
          variants.push({
            url: pathValues(),
            payload: '{"unterminated',
            headers: { 'content-type': 'application/json' },
          });
          variants.push({
            url: pathValues(),
            payload: '['.repeat(5000),
            headers: { 'content-type': 'application/json' },
          });
          variants.push({
            url: pathValues(),
            payload: `{"a":"${'x'.repeat(70_000)}"}`,
            headers: { 'content-type': 'application/json' },
          });
          variants.push({
            url: pathValues(),
            payload: 'a=b',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
        }
        for (const actor of actors) {
          if (actor.token && SESSION_ENDERS.some((re) => re.test(route))) continue;
          for (const [i, v] of variants.entries()) {
            if (actor.every && i % actor.every !== 0) continue;
            probes.push({
              actor,
              label: `${actor.name} ${method.toUpperCase()} ${route}`,
              options: {
                method: method.toUpperCase() as InjectOptions['method'],
                url: withQuery(v.url, v.query),
                ...(v.payload === undefined
                  ? {}
                  : { payload: typeof v.payload === 'string' ? v.payload : JSON.stringify(v.payload) }),
                headers: {
                  ...(v.payload !== undefined && typeof v.payload !== 'string'
                    ? { 'content-type': 'application/json' }
                    : {}),
                  ...v.headers,
                  ...(actor.token ? { authorization: `Bearer ${actor.token}` } : {}),
                },
                // Each from its own address: the sign-up and sign-in limits are not what is fuzzed here.
                remoteAddress: `198.19.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}`,
              },
            });
          }
        }
      }
    }
    // Raw URLs the router itself must refuse in the catalogue's shape.
    for (const url of [
      '/api/v1/cameras/%zz',
      `/api/v1/cameras/${'a'.repeat(5000)}`,
      '/api/v1/cameras/%00',
      '/api/v1/exports/..%2f..%2fetc',
      '/api/v1/me?%zz=1',
    ])
      for (const actor of actors)
        probes.push({
          actor,
          label: `${actor.name} GET ${url.slice(0, 40)}`,
          options: { method: 'GET', url, headers: actor.token ? { authorization: `Bearer ${actor.token}` } : {} },
        });

    // Forged and malformed API keys (vgk_ bearers) are plainly unauthenticated.
    for (const tail of STRINGS.filter((x) => /^[\x20-\x7e]*$/.test(x)))
      for (const url of ['/api/v1/cameras', '/api/v1/api-keys'])
        probes.push({
          actor: { name: 'forged key' },
          label: `forged key GET ${url}`,
          options: { method: 'GET', url, headers: { authorization: `Bearer vgk_${tail}` } },
        });

    const failures = new Map<string, string[]>();
    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < probes.length) {
        const probe = probes[next++]!;
        const res = await t.app.inject(probe.options);
        const problem = judge(res, String(probe.options.url).startsWith('/api/fn/'));
        if (problem)
          failures.set(probe.label, [
            ...(failures.get(probe.label) ?? []),
            `${problem} ← ${JSON.stringify(probe.options.query ?? '')} ${String(probe.options.payload ?? '').slice(0, 120)}`,
          ]);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const fiveXX = [...failures.values()].flat().filter((f) => /^5\d\d/.test(f)).length;
    console.log(
      `[figure] fuzzer: ${probes.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ${fiveXX} 5xx, ${[...failures.values()].flat().length} failures`,
    );
    const report = [...failures].map(([label, list]) => `${label}\n  ${list.slice(0, 3).join('\n  ')}`).join('\n');
    expect(probes.length).toBeGreaterThan(2000);
    expect(report).toBe('');
  }, 240_000);
});

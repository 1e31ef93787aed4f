import { createServer } from 'node:net';
import { type Db, createDb } from '@vigil/db';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createSecretBox } from '../src/lib/secrets.ts';
import { type BulkRunner, createBulkRunner } from '../src/modules/bulk-operations/bulk-runner.service.ts';
import { createCamerasService } from '../src/modules/cameras/cameras.service.ts';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from './harness.ts';
import { grantPlan, joinWorkspace, withPg } from './helpers.ts';

/**
 * One app for the bulk operations tests: an owner on the vms plan with 50 test-pattern
 * cameras in two sites (North: 1–30, tags retail and north; South: 31–50, tag warehouse) and
 * three RTSP cameras in no site whose address refuses connections; a manager member, a manager
 * limited to cameras 1–5, an operator; a stranger on the vms plan with a camera, a site and a
 * schedule of their own; a workspace without the plan. Sites are rows (modules/sites owns their API).
 */
export interface Person {
  token: string;
  uid: string;
  workspaceId: string;
}

export interface BulkWorld {
  t: TestApp;
  db: Db;
  runner: BulkRunner;
  owner: Person;
  manager: Person;
  limited: Person;
  operator: Person;
  stranger: Person;
  planless: Person;
  /** Cam 01 … Cam 50, in order. */
  cams: string[];
  rtsp: string[];
  sites: { north: string; south: string; foreign: string };
  foreignCam: string;
  foreignSchedule: string;
  ownSchedule: string;
  get(token: string, url: string): Promise<LightMyRequestResponse>;
  post(token: string, url: string, payload: object): Promise<LightMyRequestResponse>;
  /** Runs an operation's job here, as the work role would (attempt 1 of 10 unless told). */
  run(id: string, attempt?: { attempts: number; maxAttempts: number }): Promise<void>;
}

/** A loopback port nothing listens on: connecting is refused at once. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

export function useBulkWorld(): BulkWorld {
  const w = {} as BulkWorld;
  let end: () => Promise<void>;
  w.get = (token, url) => w.t.app.inject({ method: 'GET', url, headers: bearer(token) });
  w.post = (token, url, payload) => w.t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  w.run = (id, attempt = { attempts: 1, maxAttempts: 10 }) => w.runner.run(id, attempt);

  beforeAll(async () => {
    w.t = await createTestApp();
    const c = createDb(w.t.databaseUrl, 4);
    w.db = c.db;
    end = () => c.pool.end();
    const cameras = createCamerasService({
      db: w.db,
      secrets: createSecretBox(w.t.config.authSecret),
      policy: { allowLoopback: true },
    });
    w.runner = createBulkRunner({ db: w.db, cameras });
    await signUp(w.t.app); // the first account is the admin
    const person = async (name: string): Promise<Person> => {
      const a = await signUp(w.t.app, { displayName: name });
      return { token: a.token, uid: a.user.uid, workspaceId: a.workspace.id };
    };
    w.owner = await person('Olivia Owner');
    w.stranger = await person('Sam Stranger');
    w.planless = await person('Pat Planless');
    await grantPlan(w.t.databaseUrl, w.owner.workspaceId, 'vms');
    await grantPlan(w.t.databaseUrl, w.stranger.workspaceId, 'vms');

    w.cams = [];
    for (let i = 1; i <= 50; i++)
      w.cams.push(await createTestPatternCamera(w.t.app, w.owner.token, `Cam ${String(i).padStart(2, '0')}`));
    const port = await closedPort();
    w.rtsp = [];
    for (let i = 1; i <= 3; i++) {
      const res = await w.post(w.owner.token, '/api/v1/cameras', {
        name: `Door ${i}`,
        source: { type: 'rtsp', url: `rtsp://127.0.0.1:${port}/door${i}` },
        recordingMode: 'continuous',
      });
      if (res.statusCode !== 201) throw new Error(`rtsp camera: ${res.statusCode} ${res.body}`);
      w.rtsp.push(res.json().id);
    }
    w.foreignCam = await createTestPatternCamera(w.t.app, w.stranger.token, 'Foreign');
    await createTestPatternCamera(w.t.app, w.planless.token, 'Planless');
    const schedule = async (token: string) =>
      (
        await w.post(token, '/api/v1/schedules', { name: 'Hours', ranges: [{ day: 1, start: '08:00', end: '18:00' }] })
      ).json().id as string;
    w.ownSchedule = await schedule(w.owner.token);
    w.foreignSchedule = await schedule(w.stranger.token);

    w.sites = await withPg(w.t.databaseUrl, async (pg) => {
      const site = async (ws: string, name: string, tags: string[]) =>
        (
          await pg.query<{ id: string }>(
            'insert into sites (workspace_id, name, tags) values ($1, $2, $3) returning id',
            [ws, name, tags],
          )
        ).rows[0]!.id;
      const sites = {
        north: await site(w.owner.workspaceId, 'North', ['retail', 'north']),
        south: await site(w.owner.workspaceId, 'South', ['warehouse']),
        foreign: await site(w.stranger.workspaceId, 'Elsewhere', ['retail']),
      };
      await pg.query('update cameras set site_id = $1 where id = any($2)', [sites.north, w.cams.slice(0, 30)]);
      await pg.query('update cameras set site_id = $1 where id = any($2)', [sites.south, w.cams.slice(30)]);
      // What the recorder would have read from the streams: two models, the rest never connected.
      await pg.query(`update cameras set video_codec = 'h264', width = 1920, height = 1080 where id = any($1)`, [
        w.cams.slice(0, 10),
      ]);
      await pg.query(`update cameras set video_codec = 'hevc', width = 2560, height = 1440 where id = any($1)`, [
        w.cams.slice(10, 20),
      ]);
      return sites;
    });

    w.manager = { ...(await person('Max Manager')), workspaceId: w.owner.workspaceId };
    await joinWorkspace(w.t.databaseUrl, w.manager.uid, w.owner.workspaceId, 'manager');
    w.limited = { ...(await person('Lena Limited')), workspaceId: w.owner.workspaceId };
    await joinWorkspace(w.t.databaseUrl, w.limited.uid, w.owner.workspaceId, 'manager', w.cams.slice(0, 5));
    w.operator = { ...(await person('Oscar Operator')), workspaceId: w.owner.workspaceId };
    await joinWorkspace(w.t.databaseUrl, w.operator.uid, w.owner.workspaceId, 'operator');
  }, 120_000);

  afterAll(async () => {
    await end?.();
    await w.t?.close();
  });
  return w;
}

import type { Db } from '@vigil/db';
import type { CameraSourceInput, ProbeResult } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { requestContext } from '../../lib/request-context.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { CamerasService } from '../cameras/cameras.module.ts';
import { type LineResultRow, type PendingLine, cameraImportRepo as repo } from './camera-import.repo.ts';

/**
 * The `camera-import` job (work role): each pending line is probed (the cameras service's probe,
 * inside the outbound address policy) and, when the camera answers, created through the cameras
 * service — plan limits, audit and the recorder's notice as for a camera added by hand. Probes run
 * a few hosts at once; creations go in line order, so which lines a camera limit stops is predictable.
 * Each line's result is written as it is decided: a retried job carries on from the first line
 * without one.
 */
const HOSTS_AT_ONCE = 4;
/** Lines decided per round: probed (as above), then created in order. */
const BATCH = 8;

type Probed = { source: CameraSourceInput; probe: ProbeResult | null; made?: string };

const hostOf = (url: string) => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
};

/**
 * Probes a batch: different hosts at once (up to HOSTS_AT_ONCE), the lines of one host one after
 * the other — an NVR's channels share one box, and many answer a burst of sessions with errors.
 */
async function probeBatch(batch: PendingLine[], probe: (l: PendingLine) => Promise<Probed>): Promise<Probed[]> {
  const out = new Map<PendingLine, Probed>();
  const byHost = new Map<string, PendingLine[]>();
  for (const l of batch) byHost.set(hostOf(l.url), [...(byHost.get(hostOf(l.url)) ?? []), l]);
  const groups = [...byHost.values()];
  let next = 0;
  const worker = async () => {
    while (next < groups.length) {
      for (const l of groups[next++]!) out.set(l, await probe(l));
    }
  };
  await Promise.all(Array.from({ length: Math.min(HOSTS_AT_ONCE, groups.length) }, worker));
  return batch.map((l) => out.get(l)!);
}

function sourceOf(l: PendingLine, password: string | null): CameraSourceInput {
  if (/^rtsps?:/i.test(l.url))
    return { type: 'rtsp', url: l.url, username: l.username ?? undefined, password: password ?? undefined };
  // MJPEG over HTTP carries its credentials in the URL.
  const u = new URL(l.url);
  if (l.username) u.username = encodeURIComponent(l.username);
  if (password) u.password = encodeURIComponent(password);
  return { type: 'mjpeg', url: u.href };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createCameraImportTask(deps: { db: Db; secrets: SecretBox; cameras: CamerasService }) {
  const { db, secrets, cameras } = deps;

  /** The cameras service refuses a probe past its per-process bound: wait for room rather than fail the line. */
  async function probeWithRoom(source: CameraSourceInput): Promise<ProbeResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await cameras.probeSource(source);
      } catch (e) {
        if (!(e instanceof AppError) || e.code !== 'unavailable' || attempt >= 30) throw e;
        await sleep(1000);
      }
    }
  }

  async function run(id: string, job: { attempts: number; maxAttempts: number }): Promise<void> {
    const row = await repo.byId(db, id);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    if (!row.siteId) {
      await repo.setStatus(db, id, {
        status: 'failed',
        error: 'The site was deleted during the import.',
        finishedAt: new Date(),
        pending: [],
      });
      return;
    }
    await repo.setStatus(db, id, { status: 'running' });
    const actor = { workspaceId: row.workspaceId, cameraIds: null };
    const siteId = row.siteId;
    const done = new Set(row.results.map((r) => r.line));
    const lines = row.pending.filter((l) => !done.has(l.line)).sort((a, b) => a.line - b.line);
    let limitMessage: string | null = null;

    const finish = (l: PendingLine, result: Omit<LineResultRow, 'line' | 'name'>) =>
      repo.lineDone(db, id, { line: l.line, name: l.name, ...result });

    try {
      // The cameras it makes are audited as the importer's, in the workspace's chain.
      await requestContext.run({ ip: null, userId: row.createdBy, workspaceId: row.workspaceId }, async () => {
        for (let i = 0; i < lines.length; i += BATCH) {
          const batch = lines.slice(i, i + BATCH);
          const probes = await probeBatch(batch, async (l) => {
            const source = sourceOf(l, l.passwordEnc ? secrets.open(l.passwordEnc) : null);
            // A retry: the camera may exist already from the attempt that stopped before writing its result.
            if (job.attempts > 1) {
              const made = await repo.madeSince(db, row.workspaceId, siteId, l.name, l.url, row.createdAt);
              if (made) return { source, probe: null, made };
            }
            if (limitMessage) return { source, probe: null };
            return { source, probe: await probeWithRoom(source) };
          });
          for (const [k, l] of batch.entries()) {
            const { source, probe, made } = probes[k]!;
            if (made) {
              await finish(l, { ok: true, cameraId: made, error: null });
            } else if (limitMessage) {
              await finish(l, { ok: false, cameraId: null, error: limitMessage });
            } else if (!probe?.ok) {
              await finish(l, { ok: false, cameraId: null, error: probe?.error ?? 'The camera did not answer' });
            } else {
              try {
                const camera = await cameras.create(actor, {
                  name: l.name,
                  source,
                  recordingMode: l.recordingMode,
                  // The cameras service applies the site's default schedule and retention.
                  siteId,
                });
                await finish(l, { ok: true, cameraId: camera.id, error: null });
              } catch (e) {
                if (!(e instanceof AppError)) throw e;
                const message = e.fields ? `${e.message} ${Object.values(e.fields).join('; ')}` : e.message;
                if (e.code === 'resource-exhausted' || e.code === 'failed-precondition') limitMessage = message;
                await finish(l, { ok: false, cameraId: null, error: message });
              }
            }
          }
        }
      });
      await repo.setStatus(db, id, { status: 'done', finishedAt: new Date(), pending: [] });
    } catch (e) {
      if (job.attempts >= job.maxAttempts)
        await repo.setStatus(db, id, {
          status: 'failed',
          error: 'The import stopped on a server error; the lines without a result were not imported.',
          finishedAt: new Date(),
          pending: [],
        });
      throw e;
    }
  }

  return { run };
}

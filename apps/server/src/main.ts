import path from 'node:path';
import { createDb, runMigrations, startEmbeddedPostgres, type EmbeddedDatabase } from '@vigil/db';
import { buildApp } from './app.ts';
import { ConfigError, embeddedPgPassword, loadConfig } from './config.ts';

const started = performance.now();

async function main() {
  const config = loadConfig();
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

  const app = await buildApp(config, { databaseUrl, embedded: Boolean(embedded) });
  await app.listen({ port: config.port, host: config.host });
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
    await app.close().catch((e) => app.log.error(e));
    await embedded?.stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});

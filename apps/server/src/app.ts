import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import { createDatabaseProbe, createDb, endPool } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import type { Config, Role } from './config.ts';
import type { ProbeInfra, ServeOptions } from './kernel/module.ts';
import { probeModules, serveModules } from './kernel/serve.ts';
import { createDeferred } from './lib/deferred.ts';
import { internalToken } from './lib/internal-token.ts';
import { createMediaStore } from './lib/media-store.ts';
import { bucketOf, openStorage } from './lib/open-storage.ts';
import { createRealtimeHub } from './lib/realtime.ts';
import { createSecretBox } from './lib/secrets.ts';
import { MODULES } from './modules.ts';
import { type RegisteredRoute, createBaseApp, registerApiPlugins, registerWeb } from './plugins/base-app.ts';
import { registerAuth } from './plugins/auth.ts';
import type { LiveFeed } from './video/live-feed.ts';
import './plugins/fastify-types.ts';

export type { RegisteredRoute };
export const VERSION = '0.1.0';
const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppOptions {
  databaseUrl: string;
  /** True when the database is the embedded server (the banner says "Preview backend"). */
  embedded: boolean;
  logger?: boolean;
  /** The recorder's live fMP4 feeds by camera id (video/live-feed.ts), when this process records. */
  video?: { liveFeeds: Map<string, LiveFeed> };
  /** AI detection: the built-in detector's front (apps/server/src/ai), when a test replaces it. */
  ai?: ServeOptions;
  /** What this process does (config.roles unless given). */
  roles?: ReadonlySet<Role>;
  /** Whether each role of this process is ready (GET /api/health/ready). */
  readiness?: () => Partial<Record<Role, boolean>>;
}

/**
 * Builds the HTTP app without listening, so tests inject requests without ports. Every process
 * answers the modules' probe routes (health, metrics; a recorder's live feeds for the others); a
 * `serve` process also gets the API of every module in MODULES and the web app.
 */
export async function buildApp(config: Config, opts: AppOptions): Promise<FastifyInstance> {
  const roles = opts.roles ?? config.roles;
  const app = createBaseApp(config, opts.logger);
  const serving = roles.has('serve');
  // The API's pool is sized for requests; a process that only answers probes needs two connections.
  const { db, pool } = createDb(opts.databaseUrl, serving ? 10 : 2, { timeouts: 'request' });
  const probeDb = createDatabaseProbe(opts.databaseUrl);
  app.addHook('onClose', () => probeDb.end());
  const liveFeeds = opts.video?.liveFeeds ?? new Map<string, LiveFeed>();
  const probe: ProbeInfra = {
    config,
    db,
    pool,
    pingDatabase: probeDb.ping,
    embedded: opts.embedded,
    version: VERSION,
    readiness: opts.readiness,
    liveFeeds,
  };
  if (!serving) {
    app.addHook('onClose', () => pool.end());
    await app.register(cookie);
    registerAuth(app, null, { publicUrl: config.publicUrl, internalToken: internalToken(config.authSecret) });
    probeModules(app, MODULES, roles, probe);
    return app;
  }

  const hub = createRealtimeHub(opts.databaseUrl, (m) => app.log.warn(m));
  await hub.start();
  // Work started by requests finishes before the database goes; the modules' own closers first.
  const deferred = createDeferred((m) => app.log.warn(m));
  const closers: (() => unknown)[] = [];
  app.addHook('onClose', async () => {
    for (const close of closers) await close();
    await deferred.drain();
    await hub.stop();
    await endPool(pool);
  });
  const storage = await openStorage(config, (m) => app.log.error(m));
  closers.push(() => storage.close());

  await registerApiPlugins(app, config, VERSION, config.webDir ?? DEFAULT_WEB_DIR);
  probeModules(app, MODULES, roles, probe);
  await serveModules(app, MODULES, {
    config,
    db,
    storage,
    // Recorded media lives under MEDIA_DIR (<workspace>/<camera>/segments/…), or in the bucket.
    media: createMediaStore(config.mediaDir, config.authSecret, bucketOf(storage)),
    secrets: createSecretBox(config.authSecret),
    policy: { allowLoopback: config.allowLoopbackTargets },
    log: (m) => app.log.warn(m),
    onClose: (fn) => closers.push(fn),
    hub,
    deferred,
    embedded: opts.embedded,
    liveFeeds,
    options: opts.ai ?? {},
  });
  registerWeb(app, config.webDir ?? DEFAULT_WEB_DIR);
  return app;
}

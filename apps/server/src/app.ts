import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createDb } from '@vigil/db';
import { messageForCode } from '@vigil/shared';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { holderUrl } from './cluster/cluster.repo.ts';
import type { Config, Role } from './config.ts';
import { internalToken } from './lib/internal-token.ts';
import { createRealtimeHub } from './lib/realtime.ts';
import { createSecretBox } from './lib/secrets.ts';
import { bucketOf, openStorage } from './lib/open-storage.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { adminCallables } from './modules/admin/admin.callables.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { camerasRoutes } from './modules/cameras/cameras.routes.ts';
import { createCamerasService } from './modules/cameras/cameras.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { functionsRoutes } from './modules/functions/functions.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { createExportsService } from './modules/exports/exports.service.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { createMetricsService } from './modules/metrics/metrics.service.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { createMediaStore } from './modules/recordings/media-store.ts';
import { recordingsRoutes } from './modules/recordings/recordings.routes.ts';
import { liveInternalRoutes } from './modules/live/live-internal.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { createFeedDirectory } from './modules/live/remote-feeds.ts';
import { createLiveService } from './modules/live/live.service.ts';
import { createRecordingsService } from './modules/recordings/recordings.service.ts';
import { storageRoutes } from './modules/storage/storage.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { createEventsService } from './modules/events/events.service.ts';
import { schedulesRoutes } from './modules/schedules/schedules.routes.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { loadVapid } from './modules/notifications/vapid.ts';
import { smsModule } from './modules/sms/sms.module.ts';
import { billingModule } from './modules/billing/billing.module.ts';
import { createInvitationsService } from './modules/team/invitations.service.ts';
import { teamModule } from './modules/team/team.module.ts';
import { createApiKeys } from './modules/api-keys/api-keys.module.ts';
import { tasksModule } from './modules/tasks/tasks.module.ts';
import { cameraImportModule } from './modules/camera-import/camera-import.module.ts';
import { sitesModule } from './modules/sites/sites.module.ts';
import { bulkOperationsModule } from './modules/bulk-operations/bulk-operations.module.ts';
import { reportsModule } from './modules/reports/reports.module.ts';
import { analyticsModule } from './modules/analytics/analytics.module.ts';
import { aiAnalyticsModule } from './modules/ai-analytics/ai-analytics.module.ts';
import { aiModule } from './modules/ai/ai.module.ts';
import { createSecurityServices, securityModule } from './modules/security/security.module.ts';
import { createSchedulesService } from './modules/schedules/schedules.service.ts';
import { createDeferred } from './lib/deferred.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { createStorageService } from './modules/storage/storage.service.ts';
import { type Access, access } from './plugins/access.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerRequestContext } from './plugins/request-context.ts';
import { auditModule } from './modules/audit/audit.module.ts';
import { registerErrorHandling, sendError } from './plugins/errors.ts';
import './plugins/fastify-types.ts';
import { AppError } from './lib/app-error.ts';
import type { LiveFeed } from './video/live-feed.ts';
import type { LocalDetectorFront } from './modules/ai/providers.ts';
import { createLocalDetector } from './ai/local-detector.ts';

export const VERSION = '0.1.0';
const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

export interface AppOptions {
  databaseUrl: string;
  /** True when the database is the embedded server (the banner says "Preview backend"). */
  embedded: boolean;
  logger?: boolean;
  /** The recorder's live fMP4 feeds by camera id (video/live-feed.ts), when this process records. */
  video?: { liveFeeds: Map<string, LiveFeed> };
  /** AI detection (issue 14): the built-in detector's front (apps/server/src/ai), when this server has one. */
  ai?: { localDetector?: () => LocalDetectorFront };
  /** What this process does (config.roles unless given). */
  roles?: ReadonlySet<Role>;
  /** Whether each role of this process is ready (GET /api/health/ready). */
  readiness?: () => Partial<Record<Role, boolean>>;
}

/**
 * Builds the HTTP app without listening, so tests inject requests without ports. A `serve`
 * process gets the API and the web app; every process gets health; a `record` process also
 * offers its cameras' live feeds to the others (internal routes, cluster token).
 */
export async function buildApp(config: Config, opts: AppOptions): Promise<FastifyInstance> {
  const roles = opts.roles ?? config.roles;
  const app = createBaseApp(config, opts);
  const liveFeeds = opts.video?.liveFeeds ?? new Map<string, LiveFeed>();
  if (roles.has('record')) liveInternalRoutes(app, { feeds: liveFeeds });
  if (roles.has('serve')) return registerServe(app, config, opts, liveFeeds);
  const { db, pool } = createDb(opts.databaseUrl, 2);
  app.addHook('onClose', () => pool.end());
  await app.register(cookie);
  registerAuth(app, null, { publicUrl: config.publicUrl, internalToken: internalToken(config.authSecret) });
  healthRoutes(app, { pool, embedded: opts.embedded, version: VERSION, readiness: opts.readiness });
  metricsRoutes(app, { metrics: createMetricsService({ db }), token: config.metricsToken });
  return app;
}

/** Fastify with the parts every process shares: errors in the catalogue's shape, the input guard. */
function createBaseApp(config: Config, opts: AppOptions): FastifyInstance {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    // A web push token is its subscription's endpoint URL (up to 2,000 characters, tripled by
    // percent-encoding) and DELETE /api/v1/device-tokens/:token carries it in the path.
    routerOptions: { maxParamLength: 6200 },
    // The router's own refusals (a malformed percent-escape, an over-long path parameter) leave in
    // the catalogue's shape too, as 400 invalid-argument.
    frameworkErrors: (_err, req, raw) => {
      const reply = raw as unknown as FastifyReply;
      const message = messageForCode('invalid-argument');
      const error = req.url.startsWith('/api/fn/')
        ? { status: 'INVALID_ARGUMENT', message, details: { code: 'invalid-argument' } }
        : { code: 'invalid-argument', message };
      void reply.code(400).type('application/json').send(JSON.stringify({ error }));
    },
  });
  // Every route as registered, for the authorization walk test (test/route-walk.test.ts).
  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) registered.push({ method, url: r.url, access: r.config?.access });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  return app;
}

/** The API and the web app. */
async function registerServe(
  app: FastifyInstance,
  config: Config,
  opts: AppOptions,
  liveFeeds: Map<string, LiveFeed>,
): Promise<FastifyInstance> {
  const { db, pool } = createDb(opts.databaseUrl);
  const hub = createRealtimeHub(opts.databaseUrl, (m) => app.log.warn(m));
  await hub.start();
  // Work started by requests finishes before the database goes.
  const deferred = createDeferred((m) => app.log.warn(m));
  app.addHook('onClose', async () => {
    await deferred.drain();
    await hub.stop();
    await pool.end();
  });

  const storage = await openStorage(config, (m) => app.log.error(m));
  app.addHook('onClose', () => storage.close());
  const mail = createMailService({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: (m) => app.log.warn(m) });
  const accounts = createAccountsService({ db, storage });
  const secrets = createSecretBox(config.authSecret);
  const policy = { allowLoopback: config.allowLoopbackTargets };
  const cameras = createCamerasService({ db, secrets, policy });
  await cameras.sealLegacySubstreams();
  // The security dashboard's services come first: sign-in asks them about two-factor and writes its history.
  const security = createSecurityServices({
    db,
    secrets,
    secret: config.authSecret,
    accounts,
    throttle: () => auth.twoFactorThrottle,
  });
  const invitations = createInvitationsService({ db, mail, publicUrl: config.publicUrl });
  const apiKeys = createApiKeys({ db });
  const auth = createAuthService({
    db,
    accounts,
    mail,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    deferred,
    claimInvitation: invitations.claimForSignUp,
    resolveApiKey: apiKeys.service.resolve,
    guards: security.guards,
  });
  // Recorded media lives under <dataDir>/media (the recorder's layout: <workspace>/<camera>/segments/…).
  const media = createMediaStore(config.mediaDir, config.authSecret, bucketOf(storage));
  const recordings = createRecordingsService({ db, media });
  const exports = createExportsService({ db, storage });
  const files = createStorageService({ db, storage });

  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vigil API', version: VERSION, description: 'Camera and video-surveillance management.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'vigil_session' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerSecurityHeaders(app, config, config.webDir ?? DEFAULT_WEB_DIR);
  registerAuth(app, auth, { publicUrl: config.publicUrl, internalToken: internalToken(config.authSecret) });
  registerRequestContext(app);

  app.get('/api/openapi.json', { config: { access: access.public }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  healthRoutes(app, { pool, embedded: opts.embedded, version: VERSION, readiness: opts.readiness });
  metricsRoutes(app, { metrics: createMetricsService({ db }), token: config.metricsToken });
  // Right after the auth plugin: its two-factor requirement hook sees the resolved session.
  securityModule(app, security);
  authRoutes(app, { auth, secureCookies: config.publicUrl.startsWith('https:'), secret: config.authSecret });
  accountsRoutes(app, { accounts });
  adminRoutes(app, { accounts, mail });
  camerasRoutes(app, { cameras });
  teamModule(app, { db, accounts, auth, invitations });
  const callables = [...adminCallables({ accounts, auth })];
  app.decorate(
    'callables',
    callables.map(({ name, access }) => ({ name, access })),
  );
  functionsRoutes(app, { callables });
  storageRoutes(app, { storage, files });
  realtimeRoutes(app, { hub, embedded: opts.embedded });
  recordingsRoutes(app, { recordings, media });
  exportsRoutes(app, { exports });
  eventsRoutes(app, { events: createEventsService({ db, storage }) });
  schedulesRoutes(app, { schedules: createSchedulesService({ db }) });
  jobsRoutes(app, { jobs: createJobsService({ db }) });
  smsModule(app, { db, secrets, publicUrl: config.publicUrl, twilioApiUrl: config.twilioApiUrl });
  apiKeys.register(app);
  auditModule(app, { db, disabled: config.auditDisabled });
  billingModule(app, {
    db,
    secrets,
    publicUrl: config.publicUrl,
    accounts,
    stripeApiUrl: config.stripeApiUrl,
  });
  tasksModule(app, { db });
  cameraImportModule(app, { db, secrets, policy, onvifDiscovery: config.onvifDiscovery });
  sitesModule(app, { db, mapTileUrl: config.mapTileUrl });
  bulkOperationsModule(app, { db });
  reportsModule(app, { db, storage });
  analyticsModule(app, { db });
  aiAnalyticsModule(app, { db });
  // Cameras recorded here play from their local feed; any other from the recorder holding its lease.
  const feeds = createFeedDirectory({
    local: liveFeeds,
    holder: (cameraId) => holderUrl(db, cameraId),
    token: internalToken(config.authSecret),
    log: (m) => app.log.warn(m),
  });
  app.addHook('onClose', async () => feeds.stop());
  const live = createLiveService({
    db,
    cameras,
    feeds,
    secret: config.authSecret,
    hub,
    webrtc: config.webrtc,
    sessionByHash: (tokenHash) => auth.sessionByHash(tokenHash),
  });
  app.addHook('onClose', () => live.stop());
  liveRoutes(app, { live });
  aiModule(app, {
    db,
    secrets,
    policy,
    // The built-in detector (a worker thread, started on the first local analysis).
    localDetector: opts.ai?.localDetector ?? (() => createLocalDetector()),
    // The member's own snapshot allowance: analysing is no way around it.
    snapshot: (actor, cameraId) =>
      live.snapshot(
        { workspaceId: actor.workspaceId, cameraIds: actor.cameraIds, uid: actor.uid, sessionId: '' },
        cameraId,
      ),
  });
  notificationsModule(app, {
    db,
    secrets,
    policy,
    storage,
    publicUrl: config.publicUrl,
    authSecret: config.authSecret,
    vapidPublicKey: loadVapid(config).publicKey,
    snapshot: (workspaceId, cameraId) =>
      live.snapshot({ workspaceId, cameraIds: null, uid: `notification:${cameraId}`, sessionId: '' }, cameraId),
  });

  registerWeb(app, config.webDir ?? DEFAULT_WEB_DIR);
  return app;
}

/** Serves the built SPA; any non-API GET that is not a file gets index.html (client routing). */
function registerWeb(app: FastifyInstance, webDir: string) {
  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) app.register(fastifyStatic, { root: webDir, wildcard: false, index: false });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api') || req.method !== 'GET' || !hasWeb) {
      return sendError(reply, req, new AppError('not-found'), 404);
    }
    const file = req.url.split('?')[0]!;
    if (/^\/assets\//.test(file)) return reply.status(404).type('text/plain').send('Not found');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

import { lazyRequestLogger } from './lazy-request-logger.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { messageForCode } from '@vigil/shared';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { type Access, access } from './access.ts';
import { registerErrorHandling, sendError } from './errors.ts';
import { registerInputGuard } from './input-guard.ts';
import { registerOpenApi } from './openapi.ts';
import { responseSerializerCompiler } from './response-serializer.ts';
import { registerCompression } from './compression.ts';
import { registerSecurityHeaders } from './security-headers.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

/** Fastify with the parts every process shares: errors in the catalogue's shape, the input guard. */
export function createBaseApp(config: Config, logger?: boolean): FastifyInstance {
  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel },
    // Without a logger Fastify hands every request its null logger, with nothing to make lazy.
    ...(logger === false ? {} : { childLoggerFactory: lazyRequestLogger }),
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
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  return app;
}

/** The serve role's plugins: cookies, websockets, the OpenAPI document, the security headers. */
export async function registerApiPlugins(
  app: FastifyInstance,
  config: Config,
  version: string,
  webDir: string,
): Promise<void> {
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerOpenApi(app, config, version);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerSecurityHeaders(app, config, webDir);
  registerCompression(app);
  app.get('/api/openapi.json', { config: { access: access.public }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}

/** Serves the built SPA; any non-API GET that is not a file gets index.html (client routing). */
export function registerWeb(app: FastifyInstance, webDir: string) {
  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  // dotfiles: the build leaves its manifest in .vite/ (the bench reads it); it lists every chunk
  // and is no business of a browser.
  // preCompressed: the build writes .br and .gz copies of its text files (apps/web/build/precompress.ts);
  // a cache between here and the browser must keep one copy per encoding.
  if (hasWeb)
    app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      dotfiles: 'ignore',
      preCompressed: true,
      setHeaders: (res) => res.setHeader('vary', 'Accept-Encoding'),
    });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api') || req.method !== 'GET' || !hasWeb) {
      return sendError(reply, req, new AppError('not-found'), 404);
    }
    const file = req.url.split('?')[0]!;
    if (/^\/assets\//.test(file) || /\/\./.test(file)) return reply.status(404).type('text/plain').send('Not found');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RequestContext, requestContext } from '../lib/request-context.ts';

/** Each request's context, kept on the request itself (a WeakMap entry per request cost more). */
const CONTEXT = Symbol('vigil.requestContext');
type WithContext = FastifyRequest & { [CONTEXT]?: RequestContext };

/**
 * Puts each request's caller (address, person, workspace, API key) in the request context
 * (lib/request-context.ts). Registered right after registerAuth, so its onRequest hook runs once
 * the session is resolved. The context is entered again before the handler: a body is read on
 * the socket's own events, which do not carry the context across.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => {
    const session = req.session;
    const ctx: RequestContext = {
      ip: req.ip ?? null,
      userId: session?.user.id ?? null,
      workspaceId: session?.user.workspaceId ?? null,
      ...(session?.apiKeyId ? { apiKeyId: session.apiKeyId } : {}),
    };
    (req as WithContext)[CONTEXT] = ctx;
    requestContext.run(ctx, done);
  });
  app.addHook('preHandler', (req, _reply, done) => {
    const ctx = (req as WithContext)[CONTEXT];
    // A request without a body never left it: entering it again cost every cheap read its share.
    if (ctx && requestContext.get() !== ctx) requestContext.run(ctx, done);
    else done();
  });
}

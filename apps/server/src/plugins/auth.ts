import { timingSafeEqual } from 'node:crypto';
import { SESSION_COOKIE, type SessionUser } from '../lib/session.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_DAYS, accessRole } from '@vigil/shared';
import { AppError } from '../lib/app-error.ts';
import type { Access } from './access.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function tokenOf(req: FastifyRequest): { token?: string; via: 'bearer' | 'cookie' | 'none' } {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = req.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : { via: 'none' };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_DAYS * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** What the plugin asks of the auth module: the session a token opens (none in a probe-only process). */
export interface SessionResolver {
  resolve(token: string | undefined, meta: { ip?: string; bearer?: boolean }): Promise<SessionUser | null>;
  /** The session when it is at hand without waiting (kept in memory); undefined: ask `resolve`. */
  known?(token: string | undefined): SessionUser | undefined;
}

/** Whether a caller with this session may go on to the route: the refusal, or undefined. */
function refusal(
  req: FastifyRequest,
  access: Access,
  via: ReturnType<typeof tokenOf>['via'],
  allowedOrigin: string,
): AppError | undefined {
  // Cookie-authenticated writes must come from our own pages (CSRF): browsers send Origin on them.
  // So must every WebSocket upgrade: browsers let any page open one, carrying our cookie
  // (cross-site WebSocket hijacking), and a live ticket in a leaked URL must not play elsewhere.
  const upgrade = req.headers.upgrade?.toLowerCase() === 'websocket';
  if ((via === 'cookie' && MUTATING.has(req.method)) || upgrade) {
    const origin = req.headers.origin;
    const host = req.headers.host;
    if (origin && origin !== allowedOrigin && hostOf(origin) !== host) return new AppError('permission-denied');
  }
  if (access.personOnly && req.session?.apiKeyId)
    return new AppError('permission-denied', 'API keys cannot do this: it needs a person signed in.');
  if (access.kind === 'public') return undefined;
  if (!req.session) return new AppError('auth/unauthenticated');
  if (access.kind === 'roles' && !access.roles.includes(accessRole(req.session.user.role))) {
    return new AppError('permission-denied');
  }
  return undefined;
}

/**
 * Resolves the session on every API request and enforces each route's `config.access`.
 * A route under /api without an access rule is refused at registration: nothing ships unguarded.
 */
export function registerAuth(
  app: FastifyInstance,
  auth: SessionResolver | null,
  opts: { publicUrl: string; internalToken: string },
) {
  app.decorateRequest('session', null);
  const allowedOrigin = new URL(opts.publicUrl).origin;

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} has no access rule (config.access)`);
    }
  });

  // onRequest, before the body is validated: a caller without access learns nothing about inputs.
  // A callback, not an async function: a session kept in memory lets the request go on at once,
  // without a promise; only one the database must answer waits.
  app.addHook('onRequest', (req, _reply, done) => {
    const access = req.routeOptions.config?.access;
    if (!access) return done();
    const { token, via } = tokenOf(req);
    if (access.kind === 'internal') {
      if (!token) return done(new AppError('auth/unauthenticated'));
      return done(sameSecret(token, opts.internalToken) ? undefined : new AppError('permission-denied'));
    }
    // A process without the serve role has no sessions to resolve (and only public or internal routes).
    const known = auth?.known?.(token);
    if (known || !auth) {
      req.session = known ?? null;
      return done(refusal(req, access, via, allowedOrigin));
    }
    auth.resolve(token, { ip: req.ip, bearer: via === 'bearer' }).then((session) => {
      req.session = session;
      done(refusal(req, access, via, allowedOrigin));
    }, done);
  });
}

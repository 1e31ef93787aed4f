import { TOPICS, accessRole, hasAnyRole } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { SCOPE_CHANGED_TOPIC, cameraScopeOf, mayReach, rowInScope } from '../../lib/camera-scope.ts';
import { type RealtimeEvent, type RealtimeHub, revokes } from '../../lib/realtime.ts';
import { access } from '../../plugins/access.ts';
import type { SessionUser } from '../../lib/session.ts';
import { createStreamLimits } from './stream-limits.ts';

const HEARTBEAT_MS = 15_000;
const WORKSPACE_TOPICS = new Set<string>([
  TOPICS.cameras,
  TOPICS.exports,
  TOPICS.recordings,
  TOPICS.events,
  TOPICS.schedules,
  TOPICS.team,
  TOPICS.sites,
  TOPICS.ai,
]);

/**
 * Who may hear an event: admins hear user-list changes; everyone hears their own document;
 * workspace topics reach that workspace's members, and of a camera's news (the `cameras` topic's
 * id, another topic's cameraId) only those whose camera scope holds it.
 */
export function mayReceive(session: SessionUser, topics: Set<string>, e: RealtimeEvent): boolean {
  if (!topics.has(e.topic)) return false;
  if (e.topic === TOPICS.adminUsers) return accessRole(session.user.role) === 'admin';
  if (e.topic === TOPICS.me) return e.uid === session.user.id;
  // A task is news to the workspace's managers and to the person it is (or was) assigned to.
  if (e.topic === TOPICS.tasks)
    return (
      e.workspaceId === session.user.workspaceId &&
      (hasAnyRole(session.user.role, ['manager', 'admin']) || (e.uid !== undefined && e.uid === session.user.id))
    );
  // A bulk operation's progress: the workspace's managers; one limited to some cameras, only their own.
  if (e.topic === TOPICS.bulkOperations)
    return (
      e.workspaceId === session.user.workspaceId &&
      hasAnyRole(session.user.role, ['manager', 'admin']) &&
      (cameraScopeOf(session) === null || (e.uid !== undefined && e.uid === session.user.id))
    );
  if (!WORKSPACE_TOPICS.has(e.topic) || e.workspaceId !== session.user.workspaceId) return false;
  // Schedules, the team and sites concern no one camera: every member hears them (pages refetch their scoped view).
  if (e.topic === TOPICS.schedules || e.topic === TOPICS.team || e.topic === TOPICS.sites) return true;
  const scope = cameraScopeOf(session);
  if (scope === null) return true;
  if (e.topic === TOPICS.cameras) return e.id === undefined || mayReach(scope, e.id);
  // An object whose camera the publisher did not say could be any camera's: a limited member does not hear of it.
  if (e.id !== undefined && e.cameraId === undefined) return false;
  return rowInScope(scope, e.cameraId);
}

/** What the administrator's dashboard counts, from any workspace: a camera's state, accounts and plans. */
const INSTALLATION_NEWS = new Set<string>([TOPICS.cameras, TOPICS.adminUsers, TOPICS.adminInstallation]);

/**
 * Whether the event is news for an administrator's `admin.installation` stream: a bare signal
 * (no id, no workspace) that the dashboard's figures may have moved, whichever workspace it came from.
 */
export function installationNews(session: SessionUser, topics: Set<string>, e: RealtimeEvent): boolean {
  return (
    topics.has(TOPICS.adminInstallation) && INSTALLATION_NEWS.has(e.topic) && accessRole(session.user.role) === 'admin'
  );
}

export function realtimeRoutes(
  app: FastifyInstance,
  deps: { hub: RealtimeHub; embedded: boolean; topics: ReadonlySet<string> },
) {
  // Open streams end on shutdown so a graceful close does not wait for browsers to leave.
  const open = new Set<() => void>();
  const streams = createStreamLimits();
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/realtime',
    {
      // Public: with no topics the stream is the connection status every page shows (spec §1 banner).
      config: { access: access.personOnly(access.public) },
      schema: {
        tags: ['realtime'],
        summary:
          'Server-sent events for the topics asked (comma-separated): admin.users, admin.installation, me, cameras, exports, recordings, events, schedules, tasks, bulk-operations, ai',
        querystring: z.object({ topics: z.string().max(200).default('') }),
      },
    },
    async (req, reply) => {
      const session = req.session;
      const topics = new Set(
        req.query.topics
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      );
      if ([...topics].some((t) => !deps.topics.has(t)))
        throw new AppError('invalid-argument', 'Invalid request parameters.', { topics: 'unknown topic' });
      if (topics.size > 0 && !session) throw new AppError('auth/unauthenticated');
      if (
        (topics.has(TOPICS.adminUsers) || topics.has(TOPICS.adminInstallation)) &&
        accessRole(session?.user.role) !== 'admin'
      )
        throw new AppError('permission-denied');
      // Each stream holds a socket and a listener for as long as it lives: a person or an address
      // gets a few (tabs, devices, an office), never thousands. Counted per process, as streams are.
      const opened = streams.open(session?.user.id, req.ip);
      if (!opened)
        throw new AppError('resource-exhausted', 'Too many open live connections. Close some tabs and try again.');
      const release: () => void = opened;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // Hijacked: the app's onSend headers never run for this response.
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      res.write('retry: 2000\n\n');
      send('ready', { embedded: deps.embedded });

      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const unsubscribe = deps.hub.subscribe((e) => {
        // A disabled account or a reset password ends the stream at once.
        if (!session) return;
        if (revokes(e, session.user.id, session.tokenHash)) return close();
        if (e.topic === 'role.changed' && e.uid === session.user.id && e.role) {
          session.user.role = e.role;
          return;
        }
        // Their role or cameras changed in this workspace: the client reopens the stream, resolved anew.
        if (e.topic === SCOPE_CHANGED_TOPIC && e.uid === session.user.id && e.workspaceId === session.user.workspaceId)
          return close();
        if (installationNews(session, topics, e)) send(TOPICS.adminInstallation, {});
        if (mayReceive(session, topics, e))
          send(e.topic, e.topic === TOPICS.ai && e.data !== undefined ? e.data : { uid: e.uid, id: e.id });
      });
      function close() {
        release();
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(close);
        res.end();
      }
      open.add(close);
      req.raw.on('close', close);
    },
  );
}

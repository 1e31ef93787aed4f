import { TOPICS, accessRole, hasAnyRole } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { type RealtimeEvent, type RealtimeHub, revokes } from '../../lib/realtime.ts';
import { access } from '../../plugins/access.ts';
import type { SessionUser } from '../auth/session.ts';
import { createStreamLimits } from './stream-limits.ts';

const HEARTBEAT_MS = 15_000;
const WORKSPACE_TOPICS = new Set<string>([
  TOPICS.cameras,
  TOPICS.exports,
  TOPICS.recordings,
  TOPICS.events,
  TOPICS.schedules,
  TOPICS.team,
]);

/** Who may hear an event: admins hear user-list changes; everyone hears their own document. */
export function mayReceive(session: SessionUser, topics: Set<string>, e: RealtimeEvent): boolean {
  if (!topics.has(e.topic)) return false;
  if (e.topic === TOPICS.adminUsers) return accessRole(session.user.role) === 'admin';
  if (e.topic === TOPICS.me) return e.uid === session.user.id;
  // Workspace-wide topics reach only members of that workspace.
  if (WORKSPACE_TOPICS.has(e.topic)) return e.workspaceId === session.user.workspaceId;
  // A task is news to the workspace's managers and to the person it is (or was) assigned to.
  if (e.topic === TOPICS.tasks)
    return (
      e.workspaceId === session.user.workspaceId &&
      (hasAnyRole(session.user.role, ['manager', 'admin']) || (e.uid !== undefined && e.uid === session.user.id))
    );
  return false;
}

export function realtimeRoutes(app: FastifyInstance, deps: { hub: RealtimeHub; embedded: boolean }) {
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
          'Server-sent events for the topics asked (comma-separated): admin.users, me, cameras, exports, recordings, events, schedules, tasks',
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
      const known = new Set<string>(Object.values(TOPICS));
      if ([...topics].some((t) => !known.has(t)))
        throw new AppError('invalid-argument', 'Invalid request parameters.', { topics: 'unknown topic' });
      if (topics.size > 0 && !session) throw new AppError('auth/unauthenticated');
      if (topics.has(TOPICS.adminUsers) && accessRole(session?.user.role) !== 'admin')
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
        if (mayReceive(session, topics, e)) send(e.topic, { uid: e.uid, id: e.id });
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

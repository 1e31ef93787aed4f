import type { Health } from '@vigil/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onUnreachable, request } from '../../lib/api-client.ts';
import { type ConnectionState, HEALTH_IDLE_POLL_MS, HEALTH_POLL_MS, STREAM_RETRY_MS } from '../../lib/connection.ts';
import {
  TOPIC_ADMIN_INSTALLATION,
  TOPIC_ADMIN_USERS,
  TOPIC_AI,
  TOPIC_BULK_OPERATIONS,
  TOPIC_CAMERAS,
  TOPIC_EVENTS,
  TOPIC_EXPORTS,
  TOPIC_ME,
  TOPIC_RECORDINGS,
  TOPIC_SCHEDULES,
  TOPIC_TEAM,
  TOPIC_TASKS,
  openStream,
  publish,
} from '../../lib/realtime.ts';
import { useSession } from '../../lib/session/session-context.ts';

const HEALTH_TIMEOUT_MS = 5000;
const MAX_STREAM_RETRY_MS = 30_000;

/**
 * Keeps one realtime stream open for the session's topics and knows whether the server
 * can be reached: a stream error is confirmed by GET /api/health, which is then polled
 * every 3 s until the server answers again.
 */
export function useConnectionMonitor(): ConnectionState {
  const session = useSession();
  const [state, setState] = useState<ConnectionState>({ streamOpen: false, embedded: false, unreachable: false });
  const [attempt, setAttempt] = useState(0);
  const retries = useRef(0);

  const isAdmin = session.hasRole('admin');
  const uid = session.user?.uid ?? '';
  // Every member hears their workspace's cameras (status changes from the recorder, teammates' edits),
  // exports, recordings (footage the plan's limits pruned), events (the alert center), schedules, its team and tasks,
  // and bulk operations' progress (the server sends it to managers only).
  const member = [
    TOPIC_ME,
    TOPIC_CAMERAS,
    TOPIC_EXPORTS,
    TOPIC_RECORDINGS,
    TOPIC_EVENTS,
    TOPIC_SCHEDULES,
    TOPIC_TEAM,
    TOPIC_TASKS,
    TOPIC_BULK_OPERATIONS,
    TOPIC_AI,
  ];
  // A member who must first turn on two-factor hears nothing of the workspace (only the status).
  const twoFactorPending = Boolean(session.me?.twoFactor?.required && !session.me.twoFactor.enabled);
  const topics =
    uid && !twoFactorPending ? (isAdmin ? [...member, TOPIC_ADMIN_USERS, TOPIC_ADMIN_INSTALLATION] : member) : [];
  const topicsKey = `${uid}|${topics.join(',')}`;

  const checkHealth = useCallback(async () => {
    const res = await request<Health>('GET', '/api/health', undefined, { timeoutMs: HEALTH_TIMEOUT_MS });
    setState((s) =>
      res.success
        ? { ...s, unreachable: false, embedded: res.data.embedded }
        : { ...s, unreachable: true, streamOpen: false },
    );
  }, []);

  const { initialised, refresh } = session;

  // biome-ignore lint/correctness/useExhaustiveDependencies: topicsKey stands for the topic list; attempt reopens.
  useEffect(() => {
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const close = openStream(topics, {
      onReady: (embedded) => {
        retries.current = 0;
        setState({ streamOpen: true, embedded, unreachable: false });
        // Changes made while the stream was not listening were never sent: catch up once.
        for (const topic of topics) publish(topic, { uid: null, reason: 'ready' });
      },
      onError: (closed) => {
        setState((s) => ({ ...s, streamOpen: false }));
        void checkHealth();
        if (!closed) return; // the browser reconnects by itself
        // A refused stream often means the session ended (disabled, password reset): re-read it.
        if (uid) refresh();
        const delay = Math.min(MAX_STREAM_RETRY_MS, STREAM_RETRY_MS * 2 ** retries.current++);
        retryTimer = setTimeout(() => setAttempt((a) => a + 1), delay);
      },
    });
    return () => {
      clearTimeout(retryTimer);
      close();
    };
  }, [topicsKey, attempt, checkHealth]);

  useEffect(() => onUnreachable(() => void checkHealth()), [checkHealth]);

  // Every 3 s while down; slowly while up, because a proxy (the Vite dev server) can keep a
  // dead server's stream looking open, and EventSource never exposes the heartbeats.
  useEffect(() => {
    const timer = setInterval(() => void checkHealth(), state.unreachable ? HEALTH_POLL_MS : HEALTH_IDLE_POLL_MS);
    return () => clearInterval(timer);
  }, [state.unreachable, checkHealth]);

  // Back online: a session that could not start gets another chance.
  const wasUnreachable = useRef(false);
  useEffect(() => {
    if (wasUnreachable.current && !state.unreachable) {
      if (!initialised) refresh();
      // The old stream may be dead or given up: open a fresh one now rather than after backoff.
      setAttempt((a) => a + 1);
    }
    wasUnreachable.current = state.unreachable;
  }, [state.unreachable, initialised, refresh]);

  return state;
}

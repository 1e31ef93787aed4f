import { type Health, TOPICS } from '@vigil/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onUnreachable, request } from '../../lib/api-client.ts';
import { type ConnectionState, HEALTH_POLL_MS, STREAM_RETRY_MS } from '../../lib/connection.ts';
import { openStream } from '../../lib/realtime.ts';
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
  const streamClosed = useRef(false);

  const isAdmin = session.hasRole('admin');
  const uid = session.user?.uid ?? '';
  const topics = uid ? (isAdmin ? [TOPICS.me, TOPICS.adminUsers] : [TOPICS.me]) : [];
  const topicsKey = `${uid}|${topics.join(',')}`;

  const checkHealth = useCallback(async () => {
    const res = await request<Health>('GET', '/api/health', undefined, { timeoutMs: HEALTH_TIMEOUT_MS });
    setState((s) => (res.success ? { ...s, unreachable: false, embedded: res.data.embedded } : { ...s, unreachable: true }));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: topicsKey stands for the topic list; attempt reopens.
  useEffect(() => {
    streamClosed.current = false;
    return openStream(topics, {
      onReady: (embedded) => {
        retries.current = 0;
        setState({ streamOpen: true, embedded, unreachable: false });
      },
      onError: (closed) => {
        setState((s) => ({ ...s, streamOpen: false }));
        void checkHealth();
        if (!closed) return; // the browser reconnects by itself
        streamClosed.current = true;
        const delay = Math.min(MAX_STREAM_RETRY_MS, STREAM_RETRY_MS * 2 ** retries.current++);
        setTimeout(() => setAttempt((a) => a + 1), delay);
      },
    });
  }, [topicsKey, attempt, checkHealth]);

  useEffect(() => onUnreachable(() => void checkHealth()), [checkHealth]);

  useEffect(() => {
    if (!state.unreachable) return;
    const timer = setInterval(() => void checkHealth(), HEALTH_POLL_MS);
    return () => clearInterval(timer);
  }, [state.unreachable, checkHealth]);

  // Back online: a session that could not start gets another chance.
  const { initialised, refresh } = session;
  const wasUnreachable = useRef(false);
  useEffect(() => {
    if (wasUnreachable.current && !state.unreachable) {
      if (!initialised) refresh();
      // The browser stopped retrying a refused stream: reopen now rather than after backoff.
      if (streamClosed.current) setAttempt((a) => a + 1);
    }
    wasUnreachable.current = state.unreachable;
  }, [state.unreachable, initialised, refresh]);

  return state;
}

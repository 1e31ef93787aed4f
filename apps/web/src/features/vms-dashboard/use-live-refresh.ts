import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { TOPIC_CAMERAS, TOPIC_EVENTS } from '../../lib/realtime.ts';
import { useRealtimeEvent } from '../../lib/use-realtime.ts';
import { vmsDashboardKey } from './api.ts';

/** At most one re-read per this many ms, however busy the workspace (a motion storm is many events). */
const QUIET_MS = 3000;

/**
 * Keeps the dashboard current: a camera's status change or a new event (open alerts) anywhere in
 * the workspace re-reads the sites, at most once every few seconds.
 */
export function useLiveRefresh(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  const refresh = () => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + QUIET_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: vmsDashboardKey });
    }, wait);
  };
  useRealtimeEvent(TOPIC_CAMERAS, refresh);
  useRealtimeEvent(TOPIC_EVENTS, refresh);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}

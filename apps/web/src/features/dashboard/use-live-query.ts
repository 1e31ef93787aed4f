import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeEvent } from '../../lib/use-realtime.ts';

/**
 * Reads `queryKey` again when `topic` speaks, at most once per `gapMs`: a recorder restarting
 * moves hundreds of cameras within a second, and one refetch after the burst says it all.
 */
export function useLiveQuery(topic: string, queryKey: QueryKey, gapMs = 2000): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const last = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtimeEvent(topic, () => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + gapMs - Date.now());
    timer.current = setTimeout(() => {
      timer.current = undefined;
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey });
    }, wait);
  });
}

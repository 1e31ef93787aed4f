import { useEffect, useRef } from 'react';
import { subscribe } from './realtime.ts';

/** Runs `handler` for each event of `topic` while the component is mounted. */
export function useRealtimeEvent(topic: string, handler: (data: unknown) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => subscribe(topic, (data) => ref.current(data)), [topic]);
}

import type { EventKind } from '@vigil/shared';

/** 24×24 strokes, one per kind: what a row shows when the event has no thumbnail. */
const PATHS: Record<EventKind, string> = {
  motion: 'M4 12h3l2-5 4 10 2-5h5',
  'camera.offline': 'M3 7h11v10H3zM14 10l6-3v10l-6-3M3 3l18 18',
  'camera.online': 'M3 7h11v10H3zM14 10l6-3v10l-6-3',
  'recording.gap': 'M4 12h5M15 12h5M10 7v10M14 7v10',
  'storage.pruned': 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  'ai.detection': 'M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z',
  'camera.tamper': 'M3 7h11v10H3zM14 10l6-3v10l-6-3M6 10l5 4M11 10l-5 4',
};

export function KindIcon({ kind, className }: { kind: EventKind; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={PATHS[kind]} />
    </svg>
  );
}

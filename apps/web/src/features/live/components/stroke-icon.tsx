import type { ReactNode } from 'react';

/** An 18 px line drawing on a 24-unit grid in the text's colour (the tile's and the snooze menu's icons). */
export function StrokeIcon({ roundCaps, children }: { roundCaps?: boolean; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      strokeLinecap={roundCaps ? 'round' : undefined}
    >
      {children}
    </svg>
  );
}

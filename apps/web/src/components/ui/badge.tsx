import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export type BadgeTone = 'ok' | 'warn' | 'error' | 'info' | 'neutral' | 'muted';

const toneClass: Record<BadgeTone, string> = {
  ok: 'bg-ok-bg text-ok-fg',
  warn: 'bg-warn-bg text-warn-fg',
  error: 'bg-error-bg text-error-fg',
  info: 'bg-info-bg text-info-fg',
  neutral: 'bg-sunken text-fg',
  muted: 'bg-sunken text-muted',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone: BadgeTone;
  /** A shape before the words: a dot, or a hollow ring for a state that is off. */
  marker?: 'dot' | 'ring' | undefined;
}

/** A status in words on a tinted pill: the colour only repeats the words, never replaces them. */
export function Badge({ tone, marker, className, children, ...rest }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium',
        toneClass[tone],
        className,
      )}
      {...rest}
    >
      {marker && (
        <span
          aria-hidden="true"
          className={cn(
            'inline-block h-2 w-2 rounded-full bg-current',
            marker === 'ring' && 'bg-transparent ring-1 ring-current',
          )}
        />
      )}
      {children}
    </span>
  );
}

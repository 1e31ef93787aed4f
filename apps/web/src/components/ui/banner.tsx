import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export type BannerTone = 'info' | 'warning' | 'error' | 'success';

const toneClass: Record<BannerTone, string> = {
  info: 'bg-info-bg text-info-fg',
  warning: 'bg-warn-bg text-warn-fg',
  error: 'bg-error-bg text-error-fg',
  success: 'bg-ok-bg text-ok-fg',
};

/** Warnings interrupt (role=alert); information waits its turn (role=status). */
export function Banner({
  tone,
  children,
  className,
  ...rest
}: {
  tone: BannerTone;
  children: ReactNode;
  className?: string;
  title?: string;
  id?: string;
  'data-testid'?: string;
}) {
  const urgent = tone === 'warning' || tone === 'error';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      className={cn('rounded-md px-4 py-2 text-sm', toneClass[tone], className)}
      {...rest}
    >
      {children}
    </div>
  );
}

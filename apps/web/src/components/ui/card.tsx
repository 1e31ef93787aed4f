import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export function Card({ title, children, className }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn('rounded-lg border border-line bg-surface p-4 sm:p-6', className)}>
      {title && <h2 className="mb-4 text-lg font-semibold text-fg">{title}</h2>}
      {children}
    </section>
  );
}

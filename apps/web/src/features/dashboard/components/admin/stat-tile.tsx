import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../../lib/cn.ts';

export type TileTone = 'normal' | 'warning' | 'danger';

/** One figure with its name and a line of detail; its link leads to where the figure can be acted on. */
export function StatTile({
  label,
  value,
  detail,
  tone = 'normal',
  link,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  tone?: TileTone;
  link?: { to: string; label: string };
  testId: string;
}) {
  return (
    <section className="flex min-w-0 flex-col rounded-lg border border-line bg-surface p-3 sm:p-4" data-testid={testId}>
      <h2 className="text-sm font-medium text-muted">{label}</h2>
      <p
        className={cn(
          'mt-1 break-words text-2xl font-bold tabular-nums sm:text-3xl',
          tone === 'danger' ? 'text-danger' : tone === 'warning' ? 'text-warn-fg' : 'text-fg',
        )}
      >
        {value}
      </p>
      {detail && <p className="mt-1 text-sm text-muted">{detail}</p>}
      {link && (
        <Link to={link.to} className="mt-auto pt-2 text-sm font-medium text-primary underline underline-offset-4">
          {link.label}
        </Link>
      )}
    </section>
  );
}

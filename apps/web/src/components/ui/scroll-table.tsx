import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { cellLabels } from '../../lib/cell-labels.ts';

/**
 * A data table: on a phone (below 640 px) each row is a card of labelled lines, so nothing scrolls
 * sideways; from 640 px up a table that scrolls sideways rather than squeezing its columns when it
 * is wider than its place (`tableClassName` gives that width). The scroll area is focusable, so a
 * keyboard can scroll it too (WCAG 2.1.1), and named by the caption. `children` are the body's rows.
 */
export function ScrollTable({
  caption,
  head,
  tableClassName,
  className = 'rounded-lg border border-line bg-surface',
  testId,
  children,
}: {
  caption: string;
  head: readonly { key: string; label: string }[];
  tableClassName: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className={cn('overflow-x-auto max-sm:border-0 max-sm:bg-transparent', className)}
    >
      <table ref={cellLabels} className={cn('stack-table w-full border-collapse', tableClassName)} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-sunken">
          <tr>
            {head.map((h) => (
              <th
                key={h.key}
                scope="col"
                className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase"
              >
                {h.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

import type { BulkOperationSummary } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';

/** The last operations, newest first: what, when, by whom, how it went; each opens its results. */
export function RecentOperations({
  items,
  openId,
  describe,
  timeZone,
  onOpen,
}: {
  items: readonly BulkOperationSummary[];
  openId: string;
  describe(op: BulkOperationSummary): string;
  timeZone: string;
  onOpen(id: string): void;
}) {
  const { t, i18n } = useTranslation();
  const n = (x: number) => formatNumber(x, i18n.language);
  if (items.length === 0) return <p className="text-sm text-muted">{t('bulk.recent.none')}</p>;
  return (
    <ul className="grid gap-2" data-testid="bulk-recent">
      {items.map((op) => (
        <li
          key={op.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-line p-3"
          data-testid="bulk-recent-item"
          aria-current={op.id === openId ? 'true' : undefined}
        >
          <div className="min-w-0">
            <p className="font-medium text-fg">{describe(op)}</p>
            <p className="text-sm text-muted">
              {formatDateTime(op.createdAt, timeZone, i18n.language)}
              {op.createdBy ? ` · ${op.createdBy.displayName}` : ''}
              {' · '}
              {t(`bulk.recent.${op.status}`, {
                total: n(op.progress.total),
                processed: n(op.progress.processed),
                failed: n(op.progress.failed),
                // Only "done" has plural forms (by how many failed).
                ...(op.status === 'done' ? { count: op.progress.failed } : {}),
              })}
            </p>
          </div>
          <Button
            variant="secondary"
            disabled={op.id === openId}
            onClick={() => onOpen(op.id)}
            aria-label={t('bulk.recent.openLabel', { what: describe(op) })}
          >
            {t('bulk.recent.open')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

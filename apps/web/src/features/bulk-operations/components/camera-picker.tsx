import type { BulkCamera } from '@vigil/shared';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';

const cell = 'px-3 py-2 text-left align-top';

/**
 * The matched cameras, each with its checkbox (all ticked to start). On a phone each row is a
 * card; the list scrolls within its box so the change form stays near.
 */
export function CameraPicker({
  items,
  count,
  excluded,
  onToggle,
  onToggleAll,
}: {
  items: readonly BulkCamera[];
  count: number;
  excluded: ReadonlySet<string>;
  onToggle(id: string, on: boolean): void;
  onToggleAll(on: boolean): void;
}) {
  const { t, i18n } = useTranslation();
  const allId = useId();
  const all = useRef<HTMLInputElement>(null);
  const none = items.every((c) => excluded.has(c.id));
  useEffect(() => {
    if (all.current) all.current.indeterminate = excluded.size > 0 && !none;
  }, [excluded, none]);
  if (count === 0)
    return (
      <p className="rounded-md border border-line p-4 text-center text-sm text-muted" data-testid="bulk-no-match">
        {t('bulk.picker.none')}
      </p>
    );
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex min-h-10 items-center gap-2">
          <input
            ref={all}
            id={allId}
            type="checkbox"
            className="h-5 w-5 accent-primary"
            checked={excluded.size === 0}
            onChange={(e) => onToggleAll(e.target.checked)}
          />
          <label htmlFor={allId} className="text-sm font-medium text-fg">
            {t('bulk.picker.all')}
          </label>
        </div>
        {count > items.length && (
          <p className="text-sm text-muted">
            {t('bulk.picker.more', {
              shown: formatNumber(items.length, i18n.language),
              total: formatNumber(count, i18n.language),
            })}
          </p>
        )}
      </div>
      <div className="max-h-96 overflow-auto rounded-md border border-line">
        <table className="block w-full text-sm text-fg sm:table" data-testid="bulk-cameras">
          <caption className="sr-only">{t('bulk.picker.caption')}</caption>
          <thead className="sticky top-0 hidden bg-sunken sm:table-header-group">
            <tr>
              <th scope="col" className={cell}>
                <span className="sr-only">{t('bulk.picker.pick')}</span>
              </th>
              <th scope="col" className={cell}>
                {t('bulk.picker.camera')}
              </th>
              <th scope="col" className={cell}>
                {t('bulk.filter.site')}
              </th>
              <th scope="col" className={cell}>
                {t('bulk.filter.status')}
              </th>
              <th scope="col" className={cell}>
                {t('bulk.filter.model')}
              </th>
              <th scope="col" className={cell}>
                {t('bulk.picker.recording')}
              </th>
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {items.map((c) => (
              <tr
                key={c.id}
                className="grid grid-cols-[auto_1fr] gap-x-2 border-t border-line p-2 first:border-t-0 sm:table-row sm:p-0"
                data-testid="bulk-camera"
              >
                <td className="row-span-3 sm:px-3 sm:py-2">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-5 w-5 accent-primary"
                    checked={!excluded.has(c.id)}
                    aria-label={t('bulk.picker.pickOne', { name: c.name })}
                    onChange={(e) => onToggle(c.id, e.target.checked)}
                  />
                </td>
                <td className="font-medium sm:px-3 sm:py-2">{c.name}</td>
                <td className="text-muted sm:px-3 sm:py-2 sm:text-fg">{c.siteName ?? t('bulk.filter.noSite')}</td>
                <td className="text-muted sm:px-3 sm:py-2 sm:text-fg">
                  {t(`bulk.status.${c.status}`)}
                  <span className="sm:hidden"> · {t(`bulk.mode.${c.recordingMode}`)}</span>
                </td>
                <td className="hidden sm:table-cell sm:px-3 sm:py-2">
                  {c.model === 'unknown' ? t('bulk.filter.unknownModel') : c.model}
                </td>
                <td className="hidden sm:table-cell sm:px-3 sm:py-2">{t(`bulk.mode.${c.recordingMode}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

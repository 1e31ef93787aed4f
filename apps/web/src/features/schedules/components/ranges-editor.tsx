import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { type PresetId, PRESETS, type RangeRow, dayName, nextRangeRow, weekDays } from '../schedule-model.ts';

export interface RangesEditorProps {
  rows: RangeRow[];
  onChange(rows: RangeRow[]): void;
  onPreset(id: PresetId): void;
  /** Translated problem per row index. */
  errors: Map<number, string>;
  /** About the ranges as a whole (the server's answer without a row). */
  error?: string | undefined;
}

const labelClass = 'text-xs font-medium text-muted';

/** Weekly ranges as rows of day, start and end; "until midnight" stands for the end 24:00. */
export function RangesEditor({ rows, onChange, onPreset, errors, error }: RangesEditorProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const days = weekDays(i18n.language).map((d) => ({ value: d, label: dayName(d, i18n.language) }));
  const update = (index: number, patch: Partial<RangeRow>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-semibold text-fg">{t('schedules.form.ranges')}</legend>
      <div className="flex flex-col gap-2">
        <p className="text-xs text-muted">{t('schedules.form.presetsHint')}</p>
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((p) => (
            <Button key={p} variant="secondary" onClick={() => onPreset(p)} className="px-3">
              {t(`schedules.preset.${p}`)}
            </Button>
          ))}
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-line p-3 text-sm text-muted">
          {t('schedules.form.noRanges')}
        </p>
      ) : (
        <ol className="flex flex-col gap-2">
          {rows.map((row, index) => {
            const rowId = `${id}-${row.key}`;
            const problem = errors.get(index);
            const n = { n: index + 1 };
            return (
              <li
                key={row.key}
                className={cn('rounded-md border bg-sunken p-2', problem ? 'border-danger' : 'border-line')}
                data-testid="range-row"
              >
                <fieldset aria-describedby={problem ? `${rowId}-error` : undefined}>
                  <legend className="sr-only">{t('schedules.form.rangeN', n)}</legend>
                  <div className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)]">
                    <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
                      <label htmlFor={`${rowId}-day`} className={labelClass}>
                        {t('schedules.form.day')}
                      </label>
                      <select
                        id={`${rowId}-day`}
                        className={inputClass}
                        value={row.day}
                        onChange={(e) => update(index, { day: Number(e.target.value) })}
                      >
                        {days.map((d) => (
                          <option key={d.value} value={d.value}>
                            {d.label}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="flex flex-col gap-1">
                      <label htmlFor={`${rowId}-start`} className={labelClass}>
                        {t('schedules.form.start')}
                      </label>
                      <input
                        id={`${rowId}-start`}
                        type="time"
                        className={cn(inputClass, problem && 'border-danger')}
                        value={row.start}
                        aria-invalid={problem ? true : undefined}
                        onChange={(e) => update(index, { start: e.target.value })}
                        required
                      />
                    </div>
                    <div className="flex flex-col gap-1">
                      <label htmlFor={`${rowId}-end`} className={labelClass}>
                        {t('schedules.form.end')}
                      </label>
                      <input
                        id={`${rowId}-end`}
                        type={row.untilEnd ? 'text' : 'time'}
                        className={cn(inputClass, problem && 'border-danger')}
                        value={row.untilEnd ? '24:00' : row.end}
                        disabled={row.untilEnd}
                        aria-invalid={problem ? true : undefined}
                        onChange={(e) => update(index, { end: e.target.value })}
                        required
                      />
                    </div>
                  </div>
                  <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                    <label className="inline-flex items-center gap-2 text-sm text-fg">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-primary"
                        checked={row.untilEnd}
                        onChange={(e) =>
                          update(index, { untilEnd: e.target.checked, end: e.target.checked ? '' : '23:59' })
                        }
                      />
                      {t('schedules.form.untilEnd')}
                    </label>
                    <Button
                      variant="ghost"
                      className="px-3 text-danger"
                      onClick={() => onChange(rows.filter((_, i) => i !== index))}
                      aria-label={t('schedules.form.removeRange', n)}
                    >
                      {t('schedules.form.remove')}
                    </Button>
                  </div>
                  {problem && (
                    <p id={`${rowId}-error`} className="mt-1 text-sm text-danger" data-testid="range-error">
                      {problem}
                    </p>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
      <div>
        <Button variant="secondary" onClick={() => onChange([...rows, nextRangeRow(rows)])}>
          {t('schedules.form.addRange')}
        </Button>
      </div>
    </fieldset>
  );
}

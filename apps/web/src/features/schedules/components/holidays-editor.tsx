import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { type HolidayRow, newHolidayRow } from '../schedule-model.ts';

export interface HolidaysEditorProps {
  rows: HolidayRow[];
  onChange(rows: HolidayRow[]): void;
  today: string;
  errors: Map<number, string>;
  error?: string | undefined;
}

const labelClass = 'text-xs font-medium text-muted';

/** Date ranges that arm or disarm whole days, whatever the week says. */
export function HolidaysEditor({ rows, onChange, today, errors, error }: HolidaysEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const update = (index: number, patch: Partial<HolidayRow>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-hint`}>
      <legend className="mb-1 text-sm font-semibold text-fg">{t('schedules.form.holidays')}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('schedules.form.holidaysHint')}
      </p>
      {rows.length > 0 && (
        <ol className="flex flex-col gap-2">
          {rows.map((row, index) => {
            const rowId = `${id}-${row.key}`;
            const problem = errors.get(index);
            const n = { n: index + 1 };
            const field = (name: string) => `${rowId}-${name}`;
            return (
              <li
                key={row.key}
                className={cn('rounded-md border bg-sunken p-2', problem ? 'border-danger' : 'border-line')}
                data-testid="holiday-row"
              >
                <fieldset aria-describedby={problem ? `${rowId}-error` : undefined}>
                  <legend className="sr-only">{t('schedules.form.holidayN', n)}</legend>
                  <div className="grid grid-cols-2 items-end gap-2 sm:grid-cols-4">
                    <div className="flex flex-col gap-1">
                      <label htmlFor={field('from')} className={labelClass}>
                        {t('schedules.form.from')}
                      </label>
                      <input
                        id={field('from')}
                        type="date"
                        className={cn(inputClass, problem && 'border-danger')}
                        value={row.from}
                        aria-invalid={problem ? true : undefined}
                        onChange={(e) => update(index, { from: e.target.value })}
                        required
                      />
                    </div>
                    <div className="flex flex-col gap-1">
                      <label htmlFor={field('to')} className={labelClass}>
                        {t('schedules.form.to')}
                      </label>
                      <input
                        id={field('to')}
                        type="date"
                        className={cn(inputClass, problem && 'border-danger')}
                        value={row.to}
                        aria-invalid={problem ? true : undefined}
                        onChange={(e) => update(index, { to: e.target.value })}
                        required
                      />
                    </div>
                    <div className="flex flex-col gap-1">
                      <label htmlFor={field('armed')} className={labelClass}>
                        {t('schedules.form.holidayState')}
                      </label>
                      <select
                        id={field('armed')}
                        className={inputClass}
                        value={row.armed ? 'armed' : 'disarmed'}
                        onChange={(e) => update(index, { armed: e.target.value === 'armed' })}
                      >
                        <option value="disarmed">{t('schedules.holiday.disarmed')}</option>
                        <option value="armed">{t('schedules.holiday.armed')}</option>
                      </select>
                    </div>
                    <div className="flex flex-col gap-1">
                      <label htmlFor={field('name')} className={labelClass}>
                        {t('schedules.form.holidayName')}
                      </label>
                      <input
                        id={field('name')}
                        className={inputClass}
                        value={row.name}
                        maxLength={80}
                        onChange={(e) => update(index, { name: e.target.value })}
                      />
                    </div>
                  </div>
                  <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                    {problem ? (
                      <p id={`${rowId}-error`} className="text-sm text-danger" data-testid="holiday-error">
                        {problem}
                      </p>
                    ) : (
                      <span />
                    )}
                    <Button
                      variant="ghost"
                      className="px-3 text-danger"
                      onClick={() => onChange(rows.filter((_, i) => i !== index))}
                      aria-label={t('schedules.form.removeHoliday', n)}
                    >
                      {t('schedules.form.remove')}
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {error && <p className="text-sm text-danger">{error}</p>}
      <div>
        <Button variant="secondary" onClick={() => onChange([...rows, newHolidayRow(today)])}>
          {t('schedules.form.addHoliday')}
        </Button>
      </div>
    </fieldset>
  );
}

import type { Schedule } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { formatDay, weeklyMinutes } from '../schedule-model.ts';
import { WeekBar } from './week-bar.tsx';

export interface ScheduleCardProps {
  schedule: Schedule;
  canEdit: boolean;
  onEdit(): void;
  onDelete(): void;
}

/** One schedule: its week drawn, its holidays, how many cameras follow it, and (editors) actions. */
export function ScheduleCard({ schedule, canEdit, onEdit, onDelete }: ScheduleCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const named = { name: schedule.name };
  const hours = formatNumber(weeklyMinutes(schedule.ranges) / 60, language);
  const headingId = `schedule-${schedule.id}`;
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
      data-testid="schedule-card"
      aria-labelledby={headingId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-base font-semibold break-words text-fg">
          {schedule.name}
        </h3>
        <span className="rounded-full bg-sunken px-2 py-0.5 text-xs font-medium text-fg" data-testid="camera-count">
          {t('schedules.cameras', { count: schedule.cameraCount })}
        </span>
      </div>
      <p className="text-sm text-muted">{t('schedules.weekly', { hours })}</p>
      <WeekBar ranges={schedule.ranges} />
      {schedule.holidays.length > 0 && (
        <div>
          <h4 className="mb-1 text-sm font-medium text-fg">{t('schedules.holidays')}</h4>
          <ul className="grid gap-1 text-sm" data-testid="holiday-list">
            {schedule.holidays.map((h) => (
              <li key={`${h.from}-${h.to}-${h.name ?? ''}`} className="flex flex-wrap items-baseline gap-x-2">
                <span className="text-fg">
                  {h.from === h.to
                    ? formatDay(h.from, language)
                    : t('schedules.dateRange', { from: formatDay(h.from, language), to: formatDay(h.to, language) })}
                </span>
                {h.name && <span className="text-muted">{h.name}</span>}
                <span
                  className={`rounded px-1.5 py-0.5 text-xs ${h.armed ? 'bg-info-bg text-info-fg' : 'bg-warn-bg text-warn-fg'}`}
                >
                  {t(h.armed ? 'schedules.holiday.armed' : 'schedules.holiday.disarmed')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {canEdit && (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onEdit} aria-label={t('schedules.editNamed', named)}>
            {t('schedules.edit')}
          </Button>
          <Button
            variant="ghost"
            className="text-danger"
            onClick={onDelete}
            aria-label={t('schedules.deleteNamed', named)}
          >
            {t('schedules.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}

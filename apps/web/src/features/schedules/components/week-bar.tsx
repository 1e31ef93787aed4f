import type { ScheduleRange } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { barGeometry, clock, DAY_MINUTES, dayName, daySpans, weekDays } from '../schedule-model.ts';

const TICKS = [0, 6, 12, 18, 24];

/**
 * The week at a glance: one 24 h bar per day with the armed time filled in. The drawing is
 * hidden from assistive tech, which reads the same week as a list of days and times.
 */
export function WeekBar({ ranges }: { ranges: readonly ScheduleRange[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const spans = daySpans(ranges);
  const days = weekDays(language);
  const describe = (day: number) => {
    const list = spans[day]!;
    if (list.length === 0) return t('schedules.week.off');
    if (list.length === 1 && list[0]!.start === 0 && list[0]!.end === DAY_MINUTES) return t('schedules.week.allDay');
    return list.map((s) => t('schedules.week.span', { start: clock(s.start), end: clock(s.end) })).join(', ');
  };
  return (
    <div>
      <div aria-hidden="true" className="grid grid-cols-[2.75rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-xs text-muted">
        <span />
        <div className="relative h-4">
          {TICKS.map((h) => (
            <span
              key={h}
              className="absolute top-0 tabular-nums"
              style={{
                left: `${(h / 24) * 100}%`,
                transform: h === 0 ? undefined : h === 24 ? 'translateX(-100%)' : 'translateX(-50%)',
              }}
            >
              {h}
            </span>
          ))}
        </div>
        {days.map((day) => (
          <div key={day} className="contents" data-testid="week-row" data-day={day}>
            <span className="truncate leading-5 capitalize">{dayName(day, language, 'short')}</span>
            <div
              className="relative h-5 overflow-hidden rounded border border-line bg-sunken"
              title={`${dayName(day, language)}: ${describe(day)}`}
            >
              {[25, 50, 75].map((p) => (
                <span key={p} className="absolute top-0 bottom-0 w-px bg-line" style={{ left: `${p}%` }} />
              ))}
              {spans[day]!.map((s) => {
                const g = barGeometry(s);
                return (
                  <span
                    key={s.start}
                    data-testid="armed-span"
                    className="absolute top-0 bottom-0 bg-primary"
                    style={{ left: `${g.left}%`, width: `${g.width}%` }}
                  />
                );
              })}
            </div>
          </div>
        ))}
      </div>
      <ul className="sr-only">
        {days.map((day) => (
          <li key={day}>{t('schedules.week.day', { day: dayName(day, language), times: describe(day) })}</li>
        ))}
      </ul>
    </div>
  );
}

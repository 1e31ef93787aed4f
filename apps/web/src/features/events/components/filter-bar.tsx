import { type Camera, EVENT_KINDS, EVENT_SEVERITIES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { EMPTY_FILTERS, type EventFilters, badRange, hasFilters } from '../filter-model.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/local-time.ts';

export function FilterBar(props: {
  filters: EventFilters;
  cameras: readonly Camera[];
  timeZone: string;
  onChange(next: EventFilters): void;
}) {
  const { filters, cameras, timeZone, onChange } = props;
  const { t } = useTranslation();
  const set = <K extends keyof EventFilters>(key: K, value: EventFilters[K]) => onChange({ ...filters, [key]: value });
  const local = (iso: string) => (iso ? toLocalInput(Date.parse(iso), timeZone) : '');
  const instant = (value: string) => {
    const ms = fromLocalInput(value, timeZone);
    return ms === null ? '' : new Date(ms).toISOString();
  };
  const all = { value: '', label: t('events.filter.all') };
  return (
    <search className="mb-4 block rounded-lg border border-line bg-surface p-4" aria-label={t('events.filter.label')}>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <SelectField
          label={t('events.filter.camera')}
          value={filters.cameraId}
          onChange={(e) => set('cameraId', e.target.value)}
          options={[all, ...cameras.map((c) => ({ value: c.id, label: c.name }))]}
        />
        <SelectField
          label={t('events.filter.kind')}
          value={filters.kind}
          onChange={(e) => set('kind', e.target.value as EventFilters['kind'])}
          options={[all, ...EVENT_KINDS.map((k) => ({ value: k, label: t(`events.kind.${k}`) }))]}
        />
        <SelectField
          label={t('events.filter.severity')}
          value={filters.severity}
          onChange={(e) => set('severity', e.target.value as EventFilters['severity'])}
          options={[all, ...EVENT_SEVERITIES.map((s) => ({ value: s, label: t(`events.severity.${s}`) }))]}
        />
        <SelectField
          label={t('events.filter.acknowledged')}
          value={filters.acknowledged}
          onChange={(e) => set('acknowledged', e.target.value as EventFilters['acknowledged'])}
          options={[
            { value: 'all', label: t('events.filter.all') },
            { value: 'no', label: t('events.filter.unacknowledged') },
            { value: 'yes', label: t('events.filter.acknowledgedOnly') },
          ]}
        />
        <TextField
          className="col-span-2 sm:col-span-1"
          label={t('events.filter.from')}
          type="datetime-local"
          step={1}
          value={local(filters.from)}
          onChange={(e) => set('from', instant(e.target.value))}
          hint={t('events.filter.timeZoneHint', { tz: timeZone })}
        />
        <TextField
          className="col-span-2 sm:col-span-1"
          label={t('events.filter.to')}
          type="datetime-local"
          step={1}
          value={local(filters.to)}
          onChange={(e) => set('to', instant(e.target.value))}
          error={badRange(filters) ? t('events.filter.badRange') : undefined}
        />
      </div>
      {hasFilters(filters) && (
        <div className="mt-3">
          <Button variant="ghost" onClick={() => onChange(EMPTY_FILTERS)}>
            {t('events.filter.clear')}
          </Button>
        </div>
      )}
    </search>
  );
}

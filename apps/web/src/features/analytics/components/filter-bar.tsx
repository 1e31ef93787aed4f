import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { type AnalyticsFilters, PRESETS, type Preset } from '../analytics-model.ts';

/** The period (a preset or two dates), and the site (the VMS area's) and camera the figures cover. */
export function FilterBar({
  filters,
  onChange,
  sites,
  cameras,
}: {
  filters: AnalyticsFilters;
  onChange(next: AnalyticsFilters): void;
  /** Null: no site filter (not the vms plan, or no site yet). */
  sites: { id: string; name: string }[] | null;
  /** Null: no camera filter. */
  cameras: { id: string; name: string }[] | null;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<AnalyticsFilters>) => onChange({ ...filters, ...patch });
  return (
    <div
      className="mb-4 grid gap-3 rounded-lg border border-line bg-surface p-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      data-testid="analytics-filters"
    >
      <SelectField
        label={t('analytics.period.label')}
        value={filters.preset}
        onChange={(e) => set({ preset: e.target.value as Preset })}
        options={PRESETS.map((p) => ({ value: p, label: t(`analytics.period.${p}`) }))}
      />
      {filters.preset === 'custom' && (
        <div className="grid grid-cols-2 gap-2 sm:col-span-2 lg:col-span-1">
          <TextField
            label={t('analytics.period.from')}
            type="date"
            value={filters.from}
            max={filters.to}
            onChange={(e) => e.target.value && set({ from: e.target.value })}
          />
          <TextField
            label={t('analytics.period.to')}
            type="date"
            value={filters.to}
            min={filters.from}
            onChange={(e) => e.target.value && set({ to: e.target.value })}
          />
        </div>
      )}
      {sites && (
        <SelectField
          label={t('analytics.site')}
          value={filters.siteId}
          onChange={(e) => set({ siteId: e.target.value, cameraId: '' })}
          options={[
            { value: '', label: t('analytics.allSites') },
            ...sites.map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
      )}
      {cameras && (
        <SelectField
          label={t('analytics.camera')}
          value={filters.cameraId}
          onChange={(e) => set({ cameraId: e.target.value })}
          options={[
            { value: '', label: t('analytics.allCameras') },
            ...cameras.map((c) => ({ value: c.id, label: c.name })),
            ...(filters.cameraId && !cameras.some((c) => c.id === filters.cameraId)
              ? [{ value: filters.cameraId, label: t('analytics.otherCamera') }]
              : []),
          ]}
        />
      )}
    </div>
  );
}

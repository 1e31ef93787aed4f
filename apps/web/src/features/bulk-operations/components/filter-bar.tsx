import { CAMERA_STATUSES, type BulkPreviewResult } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { FilterState } from '../bulk-model.ts';

/** Site, site tag, status, model and name: what chooses the cameras, across every site. */
export function FilterBar({
  filter,
  options,
  onChange,
}: {
  filter: FilterState;
  options: Pick<BulkPreviewResult, 'sites' | 'tags' | 'models'> | undefined;
  onChange(next: FilterState): void;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof FilterState>(key: K, value: FilterState[K]) => onChange({ ...filter, [key]: value });
  return (
    <search
      aria-label={t('bulk.filter.label')}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      data-testid="bulk-filter"
    >
      <SelectField
        label={t('bulk.filter.site')}
        value={filter.site}
        onChange={(e) => set('site', e.target.value)}
        options={[
          { value: '', label: t('bulk.filter.anySite') },
          { value: 'none', label: t('bulk.filter.noSite') },
          ...(options?.sites ?? []).map((s) => ({ value: s.id, label: s.name })),
        ]}
      />
      <SelectField
        label={t('bulk.filter.tag')}
        value={filter.tag}
        onChange={(e) => set('tag', e.target.value)}
        options={[
          { value: '', label: t('bulk.filter.anyTag') },
          ...(options?.tags ?? []).map((tag) => ({ value: tag, label: tag })),
        ]}
      />
      <SelectField
        label={t('bulk.filter.status')}
        value={filter.status}
        onChange={(e) => set('status', e.target.value as FilterState['status'])}
        options={[
          { value: '', label: t('bulk.filter.anyStatus') },
          ...CAMERA_STATUSES.map((s) => ({ value: s, label: t(`bulk.status.${s}`) })),
        ]}
      />
      <SelectField
        label={t('bulk.filter.model')}
        value={filter.model}
        onChange={(e) => set('model', e.target.value)}
        options={[
          { value: '', label: t('bulk.filter.anyModel') },
          ...(options?.models ?? []).map((m) => ({
            value: m.model,
            label: `${m.model === 'unknown' ? t('bulk.filter.unknownModel') : m.model} (${m.count})`,
          })),
        ]}
      />
      <TextField
        label={t('bulk.filter.name')}
        type="search"
        value={filter.q}
        maxLength={80}
        onChange={(e) => set('q', e.target.value)}
      />
    </search>
  );
}

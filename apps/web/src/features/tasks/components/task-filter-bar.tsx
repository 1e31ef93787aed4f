import type { TaskAssignee } from '@vigil/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { STATUS_FILTERS, type StatusFilter, type TaskFilters } from '../task-model.ts';

/** The manager's filters: who (everyone, me, nobody, a member), which statuses, only the late ones. */
export function TaskFilterBar({
  filters,
  people,
  onChange,
}: {
  filters: TaskFilters;
  people: readonly TaskAssignee[];
  onChange(next: TaskFilters): void;
}) {
  const { t } = useTranslation();
  const overdueId = useId();
  return (
    <div className="mb-4 grid gap-3 rounded-lg border border-line bg-surface p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <SelectField
        label={t('tasks.filter.assignee')}
        value={filters.assignee}
        onChange={(e) => onChange({ ...filters, assignee: e.target.value })}
        options={[
          { value: '', label: t('tasks.filter.everyone') },
          { value: 'me', label: t('tasks.filter.me') },
          { value: 'none', label: t('tasks.unassigned') },
          ...people.map((p) => ({ value: p.id, label: p.displayName })),
          ...(filters.assignee &&
          !['me', 'none'].includes(filters.assignee) &&
          !people.some((p) => p.id === filters.assignee)
            ? [{ value: filters.assignee, label: t('tasks.filter.someone') }]
            : []),
        ]}
      />
      <SelectField
        label={t('tasks.filter.status')}
        value={filters.status}
        onChange={(e) => onChange({ ...filters, status: e.target.value as StatusFilter })}
        options={STATUS_FILTERS.map((s) => ({ value: s, label: t(`tasks.filter.statuses.${s}`) }))}
      />
      <div className="flex min-h-10 items-center gap-2">
        <input
          id={overdueId}
          type="checkbox"
          className="h-4 w-4 accent-primary"
          checked={filters.overdue}
          onChange={(e) => onChange({ ...filters, overdue: e.target.checked })}
        />
        <label htmlFor={overdueId} className="text-sm font-medium text-fg">
          {t('tasks.filter.overdueOnly')}
        </label>
      </div>
    </div>
  );
}

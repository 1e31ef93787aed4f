import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fromLocalInput, toLocalInput } from '../../../lib/local-time.ts';
import { ACTION_GROUPS, type AuditFilterState, EMPTY_FILTERS } from '../audit-model.ts';

/**
 * Person, action and time range; administrators also choose the whole installation. Times are
 * typed as wall-clock times of the person's own time zone.
 */
export function AuditFilters(props: {
  value: AuditFilterState;
  onChange(next: AuditFilterState): void;
  isAdmin: boolean;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const { value, onChange, timeZone } = props;
  const set = (patch: Partial<AuditFilterState>) => onChange({ ...value, ...patch });
  const time = (ms: number | null) => (ms === null ? '' : toLocalInput(ms, timeZone).slice(0, 16));
  const actions = [
    { value: '', label: t('audit.filter.allActions') },
    ...ACTION_GROUPS.map((g) => ({ value: g, label: t(`audit.group.${g}`) })),
  ];
  return (
    <div className="grid gap-3">
      {props.isAdmin && (
        <SwitchField
          label={t('audit.installation')}
          description={t('audit.installation.hint')}
          checked={value.installation}
          onCheckedChange={(installation) => set({ installation })}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label={t('audit.filter.person')}
          placeholder={t('audit.filter.person.hint')}
          value={value.person}
          maxLength={200}
          onChange={(e) => set({ person: e.target.value })}
        />
        <SelectField
          label={t('audit.filter.action')}
          options={actions}
          value={value.action}
          onChange={(e) => set({ action: e.target.value })}
        />
        <TextField
          label={t('audit.filter.from')}
          type="datetime-local"
          value={time(value.from)}
          onChange={(e) => set({ from: fromLocalInput(e.target.value, timeZone) })}
        />
        <TextField
          label={t('audit.filter.to')}
          type="datetime-local"
          value={time(value.to)}
          onChange={(e) => set({ to: fromLocalInput(e.target.value, timeZone) })}
        />
      </div>
      <div>
        <Button variant="ghost" onClick={() => onChange({ ...EMPTY_FILTERS, installation: value.installation })}>
          {t('audit.filter.clear')}
        </Button>
      </div>
    </div>
  );
}

import { BULK_CHANGE_KINDS, RECORDING_MODES, type BulkPreviewResult, type Schedule } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { ChangeState } from '../bulk-model.ts';

/** Which change, and its value: one field per kind, nothing for those that need none. */
export function ChangeForm({
  state,
  schedules,
  sites,
  onChange,
}: {
  state: ChangeState;
  schedules: readonly Schedule[];
  sites: BulkPreviewResult['sites'];
  onChange(next: ChangeState): void;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof ChangeState>(key: K, value: ChangeState[K]) => onChange({ ...state, [key]: value });
  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:items-start" data-testid="bulk-change">
      <SelectField
        label={t('bulk.change.kind')}
        value={state.kind}
        onChange={(e) => set('kind', e.target.value as ChangeState['kind'])}
        options={BULK_CHANGE_KINDS.map((k) => ({ value: k, label: t(`bulk.kind.${k}`) }))}
      />
      {state.kind === 'recording-mode' && (
        <SelectField
          label={t('bulk.change.recordingMode')}
          value={state.recordingMode}
          onChange={(e) => set('recordingMode', e.target.value as ChangeState['recordingMode'])}
          options={RECORDING_MODES.map((m) => ({ value: m, label: t(`bulk.mode.${m}`) }))}
        />
      )}
      {state.kind === 'retention' && (
        <TextField
          label={t('bulk.change.retentionDays')}
          inputMode="numeric"
          value={state.retentionDays}
          hint={t('bulk.change.retentionHint')}
          onChange={(e) => set('retentionDays', e.target.value)}
        />
      )}
      {state.kind === 'schedule' && (
        <SelectField
          label={t('bulk.change.schedule')}
          value={state.scheduleId}
          onChange={(e) => set('scheduleId', e.target.value)}
          options={[
            { value: '', label: t('bulk.change.noSchedule') },
            ...schedules.map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
      )}
      {state.kind === 'move-to-site' && (
        <SelectField
          label={t('bulk.change.site')}
          value={state.siteId}
          onChange={(e) => set('siteId', e.target.value)}
          options={[
            { value: '', label: t('bulk.change.noSite') },
            ...sites.map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
      )}
      {state.kind === 'motion' && (
        <>
          <SelectField
            label={t('bulk.change.motionEnabled')}
            value={state.motionEnabled}
            onChange={(e) => set('motionEnabled', e.target.value as ChangeState['motionEnabled'])}
            options={[
              { value: '', label: t('bulk.change.unchanged') },
              { value: 'on', label: t('bulk.motion.on') },
              { value: 'off', label: t('bulk.motion.off') },
            ]}
          />
          <TextField
            label={t('bulk.change.sensitivity')}
            inputMode="numeric"
            value={state.sensitivity}
            placeholder={t('bulk.change.unchanged')}
            hint={t('bulk.change.sensitivityHint')}
            onChange={(e) => set('sensitivity', e.target.value)}
          />
          <p className="text-sm text-muted sm:col-span-2">{t('bulk.change.motionNote')}</p>
        </>
      )}
      {state.kind === 'test-connection' && (
        <p className="text-sm text-muted sm:self-end">{t('bulk.change.probeNote')}</p>
      )}
      {state.kind === 'delete' && <p className="text-sm text-danger sm:self-end">{t('bulk.change.deleteNote')}</p>}
    </div>
  );
}

import { type EventSeverity, MOTION_SOURCES, type MotionSource } from '@vigil/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { type MotionForm, SEVERITY_KINDS } from '../motion-form.ts';

export interface MotionFieldsProps {
  form: MotionForm;
  onChange(patch: Partial<MotionForm>): void;
  /** The workspace's schedules; undefined while they load (the choice waits for them). */
  schedules: { id: string; name: string }[] | undefined;
  /** The camera records "On motion": detection runs whatever the switch says. */
  recordsOnMotion: boolean;
  /** The camera sends its own motion events (ONVIF): "Motion from" is offered. */
  cameraEvents: boolean;
  errors: Record<string, string>;
}

/** Detection, alert levels and arming of one camera (the zones have their own editor). */
export function MotionFields({ form, onChange, schedules, recordsOnMotion, cameraEvents, errors }: MotionFieldsProps) {
  const { t } = useTranslation();
  const sensitivityId = useId();
  const sourceId = useId();
  const severities = (['alert', 'info'] as const).map((v) => ({ value: v, label: t(`cameras.severity.${v}`) }));
  return (
    <>
      <section className="flex flex-col gap-3" aria-labelledby="motion-detect-heading">
        <h3 id="motion-detect-heading" className="text-base font-semibold">
          {t('cameras.motion.detection')}
        </h3>
        <SwitchField
          label={t('cameras.motion.enabled')}
          description={t(recordsOnMotion ? 'cameras.motion.enabledHintRecording' : 'cameras.motion.enabledHint')}
          checked={form.enabled}
          onCheckedChange={(enabled) => onChange({ enabled })}
        />
        {cameraEvents && (
          <div className="flex flex-col gap-1">
            <SelectField
              id={sourceId}
              label={t('cameras.motion.source')}
              options={MOTION_SOURCES.map((v) => ({ value: v, label: t(`cameras.motion.sourceOption.${v}`) }))}
              value={form.source}
              onChange={(e) => onChange({ source: e.target.value as MotionSource })}
              aria-describedby={`${sourceId}-hint`}
            />
            <p id={`${sourceId}-hint`} className="text-xs text-muted">
              {t(`cameras.motion.sourceHint.${form.source}`)}
            </p>
          </div>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={sensitivityId} className="flex justify-between text-sm font-medium text-fg">
            {t('cameras.motion.sensitivity')}
            <output htmlFor={sensitivityId} className="font-normal text-muted">
              {form.sensitivity}
            </output>
          </label>
          <input
            id={sensitivityId}
            type="range"
            min={1}
            max={100}
            step={1}
            value={form.sensitivity}
            onChange={(e) => onChange({ sensitivity: Number(e.target.value) })}
            className="w-full accent-primary"
            aria-describedby={`${sensitivityId}-hint`}
          />
          <p id={`${sensitivityId}-hint`} className="text-xs text-muted">
            {t('cameras.motion.sensitivityHint')}
          </p>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('cameras.motion.minArea')}
            hint={t('cameras.motion.minAreaHint')}
            inputMode="decimal"
            value={form.minArea}
            onChange={(e) => onChange({ minArea: e.target.value })}
          />
          <TextField
            label={t('cameras.motion.minSeconds')}
            hint={t('cameras.motion.minSecondsHint')}
            inputMode="decimal"
            value={form.minSeconds}
            onChange={(e) => onChange({ minSeconds: e.target.value })}
          />
        </div>
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="motion-alerts-heading">
        <h3 id="motion-alerts-heading" className="text-base font-semibold">
          {t('cameras.motion.alerts')}
        </h3>
        <p className="text-sm text-muted">{t('cameras.motion.alertsHint')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {SEVERITY_KINDS.map((kind) => (
            <SelectField
              key={kind}
              label={t(`cameras.eventKind.${kind}`)}
              options={severities}
              value={form.severity[kind]}
              onChange={(e) => onChange({ severity: { ...form.severity, [kind]: e.target.value as EventSeverity } })}
            />
          ))}
        </div>
        {errors.eventSeverity && <p className="text-sm text-danger">{errors.eventSeverity}</p>}
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="motion-arming-heading">
        <h3 id="motion-arming-heading" className="text-base font-semibold">
          {t('cameras.motion.arming')}
        </h3>
        <SelectField
          label={t('cameras.motion.schedule')}
          options={[
            { value: '', label: t('cameras.motion.scheduleNone') },
            ...(schedules ?? []).map((s) => ({ value: s.id, label: s.name })),
          ]}
          // Until the list is here the camera's schedule has no option to show: picking then would
          // look like "none" and could clear it.
          disabled={schedules === undefined}
          value={form.scheduleId}
          onChange={(e) => onChange({ scheduleId: e.target.value })}
        />
        {errors.scheduleId && <p className="text-sm text-danger">{errors.scheduleId}</p>}
        <SwitchField
          label={t('cameras.motion.scheduleRecording')}
          description={t('cameras.motion.scheduleRecordingHint')}
          checked={form.scheduleRecording}
          onCheckedChange={(scheduleRecording) => onChange({ scheduleRecording })}
        />
      </section>
    </>
  );
}

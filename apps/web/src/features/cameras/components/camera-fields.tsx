import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { type CameraForm, RECORDING_MODES, SOURCE_TYPES, type SourceType, soundSummary } from '../form-model.ts';

export interface CameraFieldsProps {
  form: CameraForm;
  onChange(patch: Partial<CameraForm>): void;
  /** Field → message from the server's 400 (keys: name, source, substreamUrl, retentionDays). */
  errors: Record<string, string>;
  /** Editing a camera that has a saved password: blank keeps it. */
  keepsPassword: boolean;
  /** The sound the camera sends, when known (from "Test connection", or what the recorder saw). */
  audio?: { codec: string | null; sampleRate: number | null } | null;
}

/** The inputs of the add/edit form; the source fields follow the chosen type. */
export function CameraFields({ form, onChange, errors, keepsPassword, audio = null }: CameraFieldsProps) {
  const { t } = useTranslation();
  const sound = soundSummary(audio);
  const invalid = (field: string) => (errors[field] ? t(`cameras.form.invalid.${field}`) : undefined);
  const streamed = form.type !== 'test-pattern';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        className="sm:col-span-2"
        label={t('cameras.form.name')}
        name="name"
        required
        maxLength={80}
        autoComplete="off"
        value={form.name}
        error={invalid('name')}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <SelectField
        label={t('cameras.form.type')}
        name="type"
        value={form.type}
        options={SOURCE_TYPES.map((v) => ({ value: v, label: t(`cameras.type.${v}`) }))}
        onChange={(e) => onChange({ type: e.target.value as SourceType })}
      />
      <SelectField
        label={t('cameras.form.recordingMode')}
        name="recordingMode"
        value={form.recordingMode}
        options={RECORDING_MODES.map((v) => ({ value: v, label: t(`cameras.mode.${v}`) }))}
        onChange={(e) => onChange({ recordingMode: e.target.value as CameraForm['recordingMode'] })}
      />
      {streamed && (
        <TextField
          className="sm:col-span-2"
          label={t('cameras.form.url')}
          name="url"
          type="text"
          inputMode="url"
          required
          autoComplete="off"
          spellCheck={false}
          value={form.url}
          hint={t(`cameras.form.urlHint.${form.type}`)}
          error={invalid('source')}
          onChange={(e) => onChange({ url: e.target.value })}
        />
      )}
      {streamed && (
        <>
          <TextField
            label={t('cameras.form.username')}
            name="username"
            autoComplete="off"
            value={form.username}
            onChange={(e) => onChange({ username: e.target.value })}
          />
          <TextField
            label={t('cameras.form.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            hint={
              keepsPassword
                ? t('cameras.form.passwordKeep')
                : form.type === 'mjpeg'
                  ? t('cameras.form.passwordHint.mjpeg')
                  : undefined
            }
            onChange={(e) => onChange({ password: e.target.value })}
          />
        </>
      )}
      {form.type === 'rtsp' && (
        <>
          <TextField
            className="sm:col-span-2"
            label={t('cameras.form.substream')}
            name="substreamUrl"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={form.substreamUrl}
            hint={t('cameras.form.substreamHint')}
            error={invalid('substreamUrl')}
            onChange={(e) => onChange({ substreamUrl: e.target.value })}
          />
          <div className="sm:col-span-2" data-testid="record-sound">
            <SwitchField
              label={t('cameras.form.recordSound')}
              description={t('cameras.form.recordSoundHint')}
              checked={form.recordSound}
              onCheckedChange={(recordSound) => onChange({ recordSound })}
            />
            {sound && (
              <p className="text-sm text-muted">
                {sound.key === 'cameras.sound.none'
                  ? t(sound.key)
                  : t('cameras.form.soundSent', { what: t(sound.key, sound.params) })}
              </p>
            )}
          </div>
        </>
      )}
      <TextField
        label={t('cameras.form.retention')}
        name="retentionDays"
        type="number"
        inputMode="numeric"
        min={1}
        max={3650}
        step={1}
        required
        value={form.retentionDays}
        error={invalid('retentionDays')}
        onChange={(e) => onChange({ retentionDays: e.target.value })}
      />
    </div>
  );
}

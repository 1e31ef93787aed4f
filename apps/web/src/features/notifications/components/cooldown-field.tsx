import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { COOLDOWN_PRESETS, CUSTOM, type RuleForm, durationText } from '../rule-model.ts';

/** None, a few usual waits, or any whole number of minutes. */
export function CooldownField(props: {
  form: Pick<RuleForm, 'cooldown' | 'customMinutes'>;
  onChange(patch: Partial<RuleForm>): void;
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { form, onChange, error } = props;
  const options = [
    ...COOLDOWN_PRESETS.map((s) => ({
      value: String(s),
      label: s === 0 ? t('notifications.rule.cooldownNone') : durationText(s, t, i18n.language),
    })),
    { value: CUSTOM, label: t('notifications.rule.cooldownCustom') },
  ];
  const custom = form.cooldown === CUSTOM;
  return (
    <div className="flex flex-col gap-1">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('notifications.rule.cooldown')}
          value={form.cooldown}
          options={options}
          onChange={(e) => onChange({ cooldown: e.target.value })}
          aria-describedby="rule-cooldown-hint"
        />
        {custom && (
          <TextField
            label={t('notifications.rule.customMinutes')}
            inputMode="numeric"
            value={form.customMinutes}
            onChange={(e) => onChange({ customMinutes: e.target.value })}
            error={error}
          />
        )}
      </div>
      <p id="rule-cooldown-hint" className="text-xs text-muted">
        {t('notifications.rule.cooldownHint')}
      </p>
      {error && !custom && <p className="text-sm text-danger">{error}</p>}
    </div>
  );
}

import { type Language, SUPPORTED_LANGUAGES, THEMES, type Theme, type UserDoc } from '@vigil/shared';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { timeZones } from '../../../lib/format.ts';
import { setLanguage as switchLanguage } from '../../../lib/i18n.ts';
import { readLanguage, readTheme } from '../../../lib/preferences.ts';
import { useUpdateProfile } from '../api.ts';
import { useErrorText } from '../use-error-text.ts';

/** Language, theme and timezone; saving applies them at once (notifications have their own card). */
export function PreferencesForm({ user }: { user: UserDoc }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateProfile();
  const prefs = user.preferences;
  const [language, setLanguage] = useState<Language>(readLanguage(prefs.language));
  const [theme, setTheme] = useState<Theme>(readTheme(prefs.theme));
  const [timezone, setTimezone] = useState(prefs.timezone);
  const zones = useMemo(
    () => timeZones(prefs.timezone).map((z) => ({ value: z, label: z.replaceAll('_', ' ') })),
    [prefs.timezone],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      { preferences: { language, theme, timezone } },
      {
        // Switch first (loading the language if needed) so the toast speaks the new language.
        onSuccess: async () => {
          await switchLanguage(language);
          toast({ kind: 'success', text: t('settings.saved', { lng: language }) });
        },
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );
  };

  return (
    <Card title={t('settings.preferences')}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('settings.language')}
            value={language}
            onChange={(e) => setLanguage(readLanguage(e.target.value))}
            options={SUPPORTED_LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          />
          <SelectField
            label={t('settings.theme')}
            value={theme}
            onChange={(e) => setTheme(readTheme(e.target.value))}
            options={THEMES.map((th) => ({ value: th, label: t(`theme.${th}`) }))}
          />
          <SelectField
            className="sm:col-span-2"
            label={t('settings.timezone')}
            value={timezone}
            onChange={(e) => setTimezone(e.target.value)}
            options={zones}
          />
        </div>
        <div>
          <Button type="submit" busy={update.isPending}>
            {t('settings.savePreferences')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

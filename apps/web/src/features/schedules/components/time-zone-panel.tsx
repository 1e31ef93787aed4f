import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { timeZones } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useSetTimeZone } from '../api.ts';

/** The zone every schedule of the workspace is read in; editors change it, others see it. */
export function TimeZonePanel({ timeZone, canEdit }: { timeZone: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const save = useSetTimeZone();
  const [value, setValue] = useState(timeZone);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(value, {
      onSuccess: (r) => toast({ kind: 'success', text: t('schedules.timeZone.saved', { tz: r.timeZone }) }),
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });
  };
  return (
    <section aria-labelledby="schedules-tz" className="mb-6 rounded-lg border border-line bg-surface p-4">
      <h2 id="schedules-tz" className="text-lg font-semibold text-fg">
        {t('schedules.timeZone.title')}
      </h2>
      <p className="mt-1 mb-3 text-sm text-muted">{t('schedules.timeZone.hint')}</p>
      {canEdit ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <SelectField
            className="w-full sm:w-80"
            label={t('schedules.timeZone.label')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            options={timeZones(timeZone).map((z) => ({ value: z, label: z.replaceAll('_', ' ') }))}
          />
          <Button type="submit" busy={save.isPending} disabled={value === timeZone}>
            {t('schedules.timeZone.save')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-fg" data-testid="time-zone">
          {timeZone.replaceAll('_', ' ')}
        </p>
      )}
    </section>
  );
}

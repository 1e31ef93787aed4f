import type { SiteDetails } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { siteSchedulesQuery, useUpdateSite } from '../api.ts';

/** The site's default schedule and retention: applied to its cameras now and to each that joins. */
export function DefaultsEditor({ site }: { site: SiteDetails }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const schedules = useQuery(siteSchedulesQuery);
  const update = useUpdateSite();
  const [scheduleId, setScheduleId] = useState(site.defaultScheduleId ?? '');
  const [retention, setRetention] = useState(
    site.defaultRetentionDays === null ? '' : String(site.defaultRetentionDays),
  );
  const days = retention.trim() === '' ? null : Number(retention);
  const badDays = days !== null && (!Number.isInteger(days) || days < 1 || days > 3650);
  const fields = update.error instanceof ApiError ? (update.error.fields ?? {}) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (badDays) return;
    update.mutate(
      { id: site.id, patch: { defaultScheduleId: scheduleId || null, defaultRetentionDays: days } },
      {
        onSuccess: () => toast({ kind: 'success', text: t('sites.defaults.saved') }),
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );
  };
  const items = schedules.data?.items ?? [];
  return (
    <Card title={t('sites.defaults.title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-muted">{t('sites.defaults.help')}</p>
        <SelectField
          label={t('sites.defaults.schedule')}
          value={scheduleId}
          onChange={(e) => setScheduleId(e.target.value)}
          options={[
            { value: '', label: t('sites.defaults.noSchedule') },
            ...items.map((s) => ({ value: s.id, label: s.name })),
            ...(scheduleId && schedules.data && !items.some((s) => s.id === scheduleId)
              ? [{ value: scheduleId, label: t('sites.defaults.unknownSchedule') }]
              : []),
          ]}
        />
        <TextField
          label={t('sites.defaults.retention')}
          type="number"
          inputMode="numeric"
          min={1}
          max={3650}
          value={retention}
          placeholder={t('sites.defaults.retentionPlaceholder')}
          hint={t('sites.defaults.retentionHint')}
          error={badDays ? t('sites.defaults.retentionRange') : fields.defaultRetentionDays}
          onChange={(e) => setRetention(e.target.value)}
        />
        <div>
          <Button type="submit" busy={update.isPending} disabled={badDays}>
            {t('sites.defaults.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

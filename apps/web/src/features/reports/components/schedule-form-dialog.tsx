import {
  REPORT_FREQUENCIES,
  REPORT_KINDS,
  type ReportFormat,
  type ReportFrequency,
  type ReportKind,
  type ReportSchedule,
} from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { recipientsQuery, useCreateSchedule, useUpdateSchedule } from '../api.ts';
import { ScopeFields } from './scope-fields.tsx';

interface Form {
  kind: ReportKind;
  format: ReportFormat;
  frequency: ReportFrequency;
  siteId: string;
  recipientIds: string[];
}

/**
 * A report schedule: each week or month, mailed to chosen members with the file attached. The
 * server checks that every recipient may see all the cameras it covers, and says who may not.
 */
export function ScheduleFormDialog(props: {
  schedule?: ReportSchedule | undefined;
  sites: { id: string; name: string }[] | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const { schedule } = props;
  const [form, setForm] = useState<Form>(() => ({
    kind: schedule?.kind ?? 'uptime',
    format: schedule?.format ?? 'pdf',
    frequency: schedule?.frequency ?? 'weekly',
    siteId: schedule?.siteId ?? '',
    recipientIds: schedule?.recipients.map((r) => r.id) ?? [],
  }));
  const [checked, setChecked] = useState(false);
  const people = useQuery(recipientsQuery);
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const failure = create.error ?? update.error;
  const noRecipient = checked && form.recipientIds.length === 0;

  const change = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    create.reset();
    update.reset();
  };
  const toggle = (uid: string, on: boolean) =>
    change({ recipientIds: on ? [...form.recipientIds, uid] : form.recipientIds.filter((x) => x !== uid) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (form.recipientIds.length === 0) return;
    const body = { ...form, siteId: form.siteId || null };
    if (schedule) update.mutate({ id: schedule.id, patch: body }, { onSuccess: props.onSaved });
    else create.mutate(body, { onSuccess: props.onSaved });
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={t(schedule ? 'reports.schedules.editTitle' : 'reports.schedules.addTitle')}
      description={t('reports.schedules.formDescription')}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('reports.kind')}
            value={form.kind}
            onChange={(e) => change({ kind: e.target.value as ReportKind })}
            options={REPORT_KINDS.map((k) => ({ value: k, label: t(`reports.kinds.${k}`) }))}
          />
          <SelectField
            label={t('reports.schedules.frequency')}
            value={form.frequency}
            onChange={(e) => change({ frequency: e.target.value as ReportFrequency })}
            options={REPORT_FREQUENCIES.map((f) => ({ value: f, label: t(`reports.schedules.frequencies.${f}`) }))}
          />
          <ScopeFields sites={props.sites} siteId={form.siteId} format={form.format} onChange={change} />
        </div>
        <fieldset
          className="flex min-w-0 flex-col gap-1"
          aria-describedby={`${id}-hint${noRecipient ? ` ${id}-error` : ''}`}
        >
          <legend className="mb-1 text-sm font-medium text-fg">{t('reports.schedules.recipients')}</legend>
          <div className="grid max-h-48 gap-x-4 gap-y-1 overflow-y-auto rounded-md border border-line p-2 sm:grid-cols-2">
            {(people.data ?? []).map((p) => (
              <label key={p.id} className="inline-flex min-h-8 min-w-0 items-center gap-2 text-sm text-fg">
                <input
                  type="checkbox"
                  className="h-4 w-4 shrink-0 accent-primary"
                  checked={form.recipientIds.includes(p.id)}
                  onChange={(e) => toggle(p.id, e.target.checked)}
                />
                <span className="break-words">
                  {p.displayName}
                  {p.limited ? ` (${t('reports.schedules.limited')})` : ''}
                </span>
              </label>
            ))}
          </div>
          <p id={`${id}-hint`} className="text-xs text-muted">
            {t('reports.schedules.recipientsHint')}
          </p>
          {noRecipient && (
            <p id={`${id}-error`} className="text-sm text-danger">
              {t('reports.schedules.noRecipient')}
            </p>
          )}
        </fieldset>
        {people.isError && <Banner tone="error">{errorText(people.error)}</Banner>}
        {failure && <Banner tone="error">{errorText(failure)}</Banner>}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('reports.cancel')}</Button>
          </DialogClose>
          <Button type="submit" busy={create.isPending || update.isPending}>
            {t(schedule ? 'reports.schedules.save' : 'reports.schedules.create')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}

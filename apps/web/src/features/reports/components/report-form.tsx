import { REPORT_KINDS } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useCreateReport } from '../api.ts';
import {
  type PeriodChoice,
  PERIOD_CHOICES,
  type ReportForm as Form,
  createReportInput,
  emptyReportForm,
  periodOf,
} from '../report-model.ts';
import { ScopeFields } from './scope-fields.tsx';

/**
 * A new report: kind, period (presets on the workspace's calendar, or custom), site (with the
 * `vms` plan) and format. The period it will cover is spelled out before it is asked for.
 */
export function ReportForm(props: { timeZone: string; sites: { id: string; name: string }[] | null }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { timeZone } = props;
  const [form, setForm] = useState<Form>(() => emptyReportForm(timeZone));
  const [checked, setChecked] = useState(false);
  const create = useCreateReport();
  const period = periodOf(form, timeZone);
  const problem = 'problem' in period ? period.problem : null;

  const change = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    create.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if ('problem' in period) return;
    create.mutate(createReportInput(form, period));
  };

  return (
    <form
      onSubmit={submit}
      className="mb-8 rounded-lg border border-line bg-surface p-4"
      noValidate
      aria-labelledby="report-form-title"
    >
      <h2 id="report-form-title" className="mb-3 text-lg font-semibold text-fg">
        {t('reports.new')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label={t('reports.kind')}
          value={form.kind}
          onChange={(e) => change({ kind: e.target.value as Form['kind'] })}
          options={REPORT_KINDS.map((k) => ({ value: k, label: t(`reports.kinds.${k}`) }))}
        />
        <SelectField
          label={t('reports.period')}
          value={form.period}
          onChange={(e) => change({ period: e.target.value as PeriodChoice })}
          options={PERIOD_CHOICES.map((p) => ({ value: p, label: t(`reports.periods.${p}`) }))}
        />
        <ScopeFields sites={props.sites} siteId={form.siteId} format={form.format} onChange={change} />
      </div>
      {form.period === 'custom' && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('reports.from')}
            type="datetime-local"
            value={form.from}
            onChange={(e) => change({ from: e.target.value })}
            hint={t('reports.zoneHint', { tz: timeZone })}
            required
          />
          <TextField
            label={t('reports.to')}
            type="datetime-local"
            value={form.to}
            onChange={(e) => change({ to: e.target.value })}
            error={checked && problem ? t(`reports.problem.${problem}`) : undefined}
            required
          />
        </div>
      )}
      <p className="mt-3 text-sm text-muted" aria-live="polite" data-testid="report-period">
        {'from' in period
          ? t('reports.covers', {
              from: formatDateTime(period.from.toISOString(), timeZone, i18n.language),
              to: formatDateTime(period.to.toISOString(), timeZone, i18n.language),
              tz: timeZone,
            })
          : t(`reports.problem.${period.problem}`)}
      </p>
      {create.isError && (
        <div className="mt-3">
          <Banner tone="error">{errorText(create.error)}</Banner>
        </div>
      )}
      {create.isSuccess && (
        <p className="mt-3 text-sm text-muted" role="status">
          {t('reports.queued')}
        </p>
      )}
      <div className="mt-4">
        <Button type="submit" busy={create.isPending}>
          {t('reports.submit')}
        </Button>
      </div>
    </form>
  );
}

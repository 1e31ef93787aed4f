import type { AdminPlan } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useSavePlan } from '../api.ts';
import {
  type PlanForm,
  createBodyOf,
  bodyOf,
  formOf,
  formProblems,
  pricesChanged,
  serverProblems,
} from '../plan-form.ts';

/**
 * Creates or edits one plan. The browser flags what it can; the server's field errors (a key
 * clash, an unknown currency, a maximum) appear beside the same fields.
 */
export function PlanEditor({
  plan,
  defaultCurrency,
  onClose,
}: {
  /** null: a new plan. */
  plan: AdminPlan | null;
  defaultCurrency: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const save = useSavePlan();
  const creating = plan === null;
  const [form, setForm] = useState<PlanForm>(() => formOf(plan, defaultCurrency));
  const [attempted, setAttempted] = useState(false);
  const local = formProblems(form, creating);
  const server = save.error instanceof ApiError ? serverProblems(save.error.fields) : {};
  const errorOf = (f: keyof PlanForm) => {
    const p = attempted ? local[f] : undefined;
    return p ? t(p.key, p.values ?? {}) : server[f];
  };
  const change = (patch: Partial<PlanForm>) => {
    save.reset();
    setForm((f) => ({ ...f, ...patch }));
  };
  const text = (f: keyof PlanForm, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={form[f] as string}
      onChange={(e) => change({ [f]: e.target.value } as Partial<PlanForm>)}
      error={errorOf(f)}
      {...extra}
    />
  );
  const num = (f: keyof PlanForm, label: string, hint?: string) =>
    text(f, label, { inputMode: 'decimal', autoComplete: 'off', ...(hint ? { hint } : {}) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (Object.keys(local).length) return;
    const input = creating
      ? { key: form.key.trim(), create: true as const, body: createBodyOf(form) }
      : { key: plan.key, create: false as const, body: bodyOf(form) };
    save.mutate(input, {
      onSuccess: (saved) => {
        toast({ kind: 'success', text: t(creating ? 'pricing.created' : 'pricing.saved', { name: saved.name }) });
        onClose();
      },
    });
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={creating ? t('pricing.newTitle') : t('pricing.editTitle', { name: plan.name })}
      description={t('pricing.editorHint')}
      width="max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="grid gap-4" data-testid="plan-editor">
        <div className="grid gap-3 sm:grid-cols-2">
          {creating
            ? text('key', t('pricing.field.key'), {
                hint: t('pricing.field.keyHint'),
                autoComplete: 'off',
                spellCheck: false,
              })
            : null}
          {text('name', t('pricing.field.name'))}
          {text('description', t('pricing.field.description'), { className: 'sm:col-span-2' })}
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 font-medium text-fg">{t('pricing.prices')}</legend>
          {text('currency', t('pricing.field.currency'), { maxLength: 3, autoComplete: 'off', spellCheck: false })}
          {num('monthly', t('pricing.field.monthly'))}
          {num('yearly', t('pricing.field.yearly'))}
          {pricesChanged(plan, form) && (
            <p className="text-sm text-warn-fg sm:col-span-3" data-testid="price-change-note">
              {t('pricing.priceChangeNote', { count: plan?.subscribers ?? 0 })}
            </p>
          )}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 font-medium text-fg">{t('pricing.limits')}</legend>
          {num('maxCameras', t('pricing.field.maxCameras'))}
          {num('maxRecordings', t('pricing.field.maxRecordings'))}
          {num('maxStorage', t('pricing.field.maxStorage'), t('pricing.field.maxStorageHint'))}
          {num('aiAnalysisQuota', t('pricing.field.aiAnalysisQuota'))}
        </fieldset>
        <fieldset className="grid gap-x-6 sm:grid-cols-2">
          <legend className="mb-1 font-medium text-fg">{t('pricing.flags')}</legend>
          <SwitchField
            label={t('pricing.field.aiAccess')}
            checked={form.aiAccess}
            onCheckedChange={(aiAccess) => change({ aiAccess })}
          />
          <SwitchField label={t('pricing.field.vms')} checked={form.vms} onCheckedChange={(vms) => change({ vms })} />
          <SwitchField
            label={t('pricing.field.public')}
            description={t('pricing.field.publicHint')}
            checked={form.public}
            onCheckedChange={(v) => change({ public: v })}
          />
          <SwitchField
            label={t('pricing.field.archived')}
            description={t('pricing.field.archivedHint')}
            checked={form.archived}
            onCheckedChange={(archived) => change({ archived })}
          />
          {num('order', t('pricing.field.order'), t('pricing.field.orderHint'))}
        </fieldset>
        <div aria-live="polite" className="grid gap-2">
          {attempted && Object.keys(local).length > 0 && <Banner tone="error">{t('pricing.fixErrors')}</Banner>}
          {save.isError && (
            <Banner tone="error" data-testid="plan-save-error">
              {errorText(save.error)}
            </Banner>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('common.cancel')}</Button>
          </DialogClose>
          <Button type="submit" busy={save.isPending}>
            {creating ? t('pricing.create') : t('pricing.save')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}

import type { DiskGuardSettings } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormFooter } from '../../../components/ui/settings-form.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { diskGuardQuery, useSaveDiskGuard } from '../api.ts';
import { type DiskGuardForm, bodyOf, diskGuardProblems, formOf } from '../disk-guard-form.ts';

/**
 * The disk guard's threshold: each recorder keeps the smaller of a share of its media disk and a
 * size free, deleting the oldest unprotected footage of every workspace first.
 */
export function StorageSettings() {
  const { t } = useTranslation();
  const query = useQuery(diskGuardQuery);
  const errorText = useErrorText();
  return (
    <Card title={t('adminSettings.storage.title')}>
      <p className="mb-4 text-sm text-muted">{t('adminSettings.storage.desc')}</p>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{errorText(query.error)}</Banner>
      ) : (
        <StorageForm saved={query.data} />
      )}
    </Card>
  );
}

function StorageForm({ saved }: { saved: DiskGuardSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveDiskGuard();
  const [form, setForm] = useState<DiskGuardForm>(() => formOf(saved));
  const [attempted, setAttempted] = useState(false);
  const problems = diskGuardProblems(form);
  const field = (f: keyof DiskGuardForm) => ({
    value: form[f],
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    error: attempted && problems[f] ? t(problems[f]) : undefined,
    onValueChange: (v: string) => {
      save.reset();
      setForm((x) => ({ ...x, [f]: v }));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (Object.keys(problems).length) return;
    save.mutate(bodyOf(form), { onSuccess: () => toast({ kind: 'success', text: t('adminSettings.saved') }) });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="storage-settings">
      <TextField
        label={t('adminSettings.storage.percent')}
        hint={t('adminSettings.storage.percent.hint')}
        {...field('percent')}
      />
      <TextField
        label={t('adminSettings.storage.maxGb')}
        hint={t('adminSettings.storage.maxGb.hint')}
        {...field('maxGb')}
      />
      <FormFooter save={save} label={t('adminSettings.storage.save')} />
    </form>
  );
}

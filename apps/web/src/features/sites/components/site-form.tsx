import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import {
  type FieldProblems,
  type SiteField,
  type SiteForm,
  localProblems,
  serverMessageKey,
  serverProblems,
} from '../site-form-model.ts';
import { ContactsEditor } from './contacts-editor.tsx';
import { TagsInput } from './tags-input.tsx';
import { TimeZoneField } from './time-zone-field.tsx';

export interface SiteFormProps {
  initial: SiteForm;
  /** The form's accessible name (the page's title). */
  formLabel: string;
  submitLabel: string;
  busy: boolean;
  /** The last save's failure: its per-field messages show beside the fields. */
  failure: unknown;
  cancelTo: string;
  tagSuggestions?: readonly string[];
  onSubmit(form: SiteForm): void;
  /** The edit page's delete button. */
  danger?: React.ReactNode;
}

/** A site's fields (add and edit): the server judges them and its messages show per field. */
export function SiteFormView({
  initial,
  formLabel,
  submitLabel,
  busy,
  failure,
  cancelTo,
  tagSuggestions,
  onSubmit,
  danger,
}: SiteFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, setForm] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [local, setLocal] = useState<ReturnType<typeof localProblems>>({});
  const change = (patch: Partial<SiteForm>) => setForm((f) => ({ ...f, ...patch }));

  const apiFailure = failure instanceof ApiError ? failure : null;
  const server: FieldProblems = serverProblems(apiFailure?.fields);
  // A taken name may come without fields: it still belongs beside the name.
  if (apiFailure?.code === 'already-exists' && Object.keys(server).length === 0) server.name = apiFailure.message;
  const hasFieldProblems = Object.keys(server).length > 0;
  const problem = (field: SiteField): string | undefined => {
    const mine = checked ? local[field] : undefined;
    if (mine) return t(`sites.error.${mine}`);
    const message = server[field];
    if (!message) return undefined;
    const key = serverMessageKey(message);
    return key ? t(key) : message;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = localProblems(form);
    setLocal(found);
    setChecked(true);
    if (Object.keys(found).length === 0) onSubmit(form);
  };

  return (
    <form onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-5" aria-label={formLabel}>
      <TextField
        label={t('sites.form.name')}
        value={form.name}
        required
        maxLength={120}
        autoComplete="off"
        error={problem('name')}
        onChange={(e) => change({ name: e.target.value })}
      />
      <TextField
        label={t('sites.form.address')}
        value={form.address}
        maxLength={300}
        autoComplete="street-address"
        error={problem('address')}
        onChange={(e) => change({ address: e.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('sites.form.latitude')}
          value={form.latitude}
          inputMode="decimal"
          autoComplete="off"
          placeholder="48.8566"
          hint={t('sites.form.latitudeHint')}
          error={problem('latitude')}
          onChange={(e) => change({ latitude: e.target.value })}
        />
        <TextField
          label={t('sites.form.longitude')}
          value={form.longitude}
          inputMode="decimal"
          autoComplete="off"
          placeholder="2.3522"
          hint={t('sites.form.longitudeHint')}
          error={problem('longitude')}
          onChange={(e) => change({ longitude: e.target.value })}
        />
      </div>
      <TimeZoneField value={form.timezone} onChange={(timezone) => change({ timezone })} error={problem('timezone')} />
      <ContactsEditor
        contacts={form.contacts}
        onChange={(contacts) => change({ contacts })}
        error={problem('contacts')}
      />
      <TextareaField
        label={t('sites.form.notes')}
        value={form.notes}
        rows={4}
        maxLength={5000}
        error={problem('notes')}
        onChange={(e) => change({ notes: e.target.value })}
      />
      <TagsInput
        tags={form.tags}
        onChange={(tags) => change({ tags })}
        error={problem('tags')}
        suggestions={tagSuggestions ?? []}
      />
      <div aria-live="polite">
        {apiFailure && !hasFieldProblems && <Banner tone="error">{errorText(apiFailure)}</Banner>}
        {apiFailure && hasFieldProblems && <Banner tone="error">{t('sites.form.fixFields')}</Banner>}
        {failure !== null && failure !== undefined && !apiFailure && <Banner tone="error">{errorText(failure)}</Banner>}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-4">
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
          <Link to={cancelTo} className={buttonClass('secondary')}>
            {t('sites.cancel')}
          </Link>
        </div>
        {danger}
      </div>
    </form>
  );
}

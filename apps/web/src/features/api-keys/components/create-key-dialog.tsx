import { type ApiKeyRole, type CreatedApiKey, grantableKeyRoles } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { expiryFromDate } from '../api-key-model.ts';
import { useCreateApiKey } from '../api.ts';
import { ShownKey } from './shown-key.tsx';
import { todayIn } from '../../../lib/local-time.ts';

/**
 * Create a key: a name, a role no higher than the creator's own, an optional last day. The answer
 * holds the key itself, shown here once and forgotten when the dialog closes.
 */
export function CreateKeyDialog({
  open,
  onOpenChange,
  role,
  timeZone,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The creator's role: the form offers no key role above it. */
  role: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = (next: boolean) => {
    if (!next) setCreated(null);
    onOpenChange(next);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={t(created ? 'apiKeys.shown.title' : 'apiKeys.form.title')}
      description={t(created ? 'apiKeys.shown.description' : 'apiKeys.form.description')}
    >
      {created ? (
        <ShownKey created={created} onDone={() => close(false)} />
      ) : (
        <KeyForm role={role} timeZone={timeZone} onCreated={setCreated} />
      )}
    </FormDialog>
  );
}

function KeyForm({
  role,
  timeZone,
  onCreated,
}: {
  role: string;
  timeZone: string;
  onCreated(created: CreatedApiKey): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const roles = grantableKeyRoles(role);
  const [name, setName] = useState('');
  const [keyRole, setKeyRole] = useState<ApiKeyRole>(roles.at(-1) ?? 'viewer');
  const [expiry, setExpiry] = useState('');
  const [checked, setChecked] = useState(false);
  const create = useCreateApiKey();
  const failure = create.error instanceof ApiError ? create.error : null;
  const fields = failure?.fields ?? {};

  const expiresAt = expiryFromDate(expiry, timeZone);
  const nameError = checked && !name.trim() ? t('apiKeys.form.nameRequired') : fields.name;
  const expiryError = checked && expiresAt === 'past' ? t('apiKeys.form.expiryPast') : fields.expiresAt;
  const otherError = create.error && !fields.name && !fields.expiresAt ? errorText(create.error) : null;

  const edit = (f: () => void) => {
    f();
    create.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (!name.trim() || expiresAt === 'past') return;
    create.mutate({ name: name.trim(), role: keyRole, ...(expiresAt ? { expiresAt } : {}) }, { onSuccess: onCreated });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <TextField
        label={t('apiKeys.form.name')}
        placeholder={t('apiKeys.form.namePlaceholder')}
        value={name}
        maxLength={80}
        required
        autoComplete="off"
        onChange={(e) => edit(() => setName(e.target.value))}
        error={nameError || undefined}
      />
      <div className="flex flex-col gap-1">
        <SelectField
          label={t('apiKeys.form.role')}
          value={keyRole}
          options={roles.map((r) => ({ value: r, label: t(`role.${r}`) }))}
          onChange={(e) => edit(() => setKeyRole(e.target.value as ApiKeyRole))}
          aria-describedby="api-key-role-hint"
        />
        <p id="api-key-role-hint" className="text-xs text-muted">
          {t(`apiKeys.form.roleHint.${keyRole}`)}
        </p>
      </div>
      <TextField
        label={t('apiKeys.form.expiry')}
        type="date"
        value={expiry}
        min={todayIn(timeZone)}
        onChange={(e) => edit(() => setExpiry(e.target.value))}
        hint={t('apiKeys.form.expiryHint')}
        error={expiryError || undefined}
      />
      {otherError && <Banner tone="error">{otherError}</Banner>}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">{t('apiKeys.cancel')}</Button>
        </DialogClose>
        <Button type="submit" busy={create.isPending}>
          {t('apiKeys.form.submit')}
        </Button>
      </div>
    </form>
  );
}

import { SITE_CONTACTS_MAX } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { type ContactRow, emptyContact } from '../site-form-model.ts';

/** The site's contacts: one row each (name, phone, email), added and removed by buttons. */
export function ContactsEditor({
  contacts,
  onChange,
  error,
}: {
  contacts: ContactRow[];
  onChange(contacts: ContactRow[]): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<ContactRow>) =>
    onChange(contacts.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? 'site-contacts-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-fg">{t('sites.form.contacts')}</legend>
      {contacts.length === 0 && <p className="text-sm text-muted">{t('sites.form.noContacts')}</p>}
      {contacts.map((c, i) => (
        <div
          // Rows have no identity of their own; their position is what the server names too.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          className="grid gap-2 rounded-md border border-line p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
          data-testid="contact-row"
        >
          <TextField
            label={t('sites.form.contactName', { n: i + 1 })}
            value={c.name}
            autoComplete="off"
            maxLength={80}
            onChange={(e) => set(i, { name: e.target.value })}
          />
          <TextField
            label={t('sites.form.contactPhone', { n: i + 1 })}
            type="tel"
            value={c.phone}
            autoComplete="off"
            maxLength={32}
            onChange={(e) => set(i, { phone: e.target.value })}
          />
          <TextField
            label={t('sites.form.contactEmail', { n: i + 1 })}
            type="email"
            value={c.email}
            autoComplete="off"
            maxLength={254}
            onChange={(e) => set(i, { email: e.target.value })}
          />
          <Button
            variant="ghost"
            aria-label={t('sites.form.removeContact', { n: i + 1 })}
            onClick={() => onChange(contacts.filter((_, j) => j !== i))}
          >
            {t('sites.form.remove')}
          </Button>
        </div>
      ))}
      {error && (
        <p id="site-contacts-error" className="text-sm text-danger">
          {error}
        </p>
      )}
      <Button
        variant="secondary"
        className="self-start"
        disabled={contacts.length >= SITE_CONTACTS_MAX}
        onClick={() => onChange([...contacts, emptyContact()])}
      >
        {t('sites.form.addContact')}
      </Button>
    </fieldset>
  );
}

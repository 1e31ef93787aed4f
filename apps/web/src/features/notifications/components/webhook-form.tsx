import { EVENT_KINDS, type EventKind } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useCreateWebhook } from '../api.ts';
import { toggle } from '../rule-model.ts';
import { SECRET_MAX, generateSecret, secretProblem } from '../integrations-model.ts';
import { CheckGroup } from './check-group.tsx';

/** Adds a webhook. A generated secret is shown once, with a copy button, until the webhook is saved. */
export function WebhookForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [generated, setGenerated] = useState(false);
  const [kinds, setKinds] = useState<EventKind[]>([]);
  const [checked, setChecked] = useState(false);

  const failure = create.error instanceof ApiError ? create.error : null;
  const fields = failure?.code === 'invalid-argument' ? failure.fields : undefined;
  const server = (field: string) => {
    const why = fields?.[field];
    return why ? t(`serverMessage.${why}`, { defaultValue: why }) : undefined;
  };
  const urlError = checked && !url.trim() ? t('notifications.webhooks.error.url') : server('url');
  const secretKey = checked ? secretProblem(secret) : null;
  const secretError = secretKey ? t(secretKey) : server('secret');

  const edit = (f: () => void) => {
    f();
    create.reset();
  };
  const generate = () =>
    edit(() => {
      setSecret(generateSecret());
      setGenerated(true);
    });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ kind: 'success', text: t('notifications.webhooks.copied') });
    } catch {
      toast({ kind: 'error', text: t('notifications.webhooks.copyFailed') });
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (!url.trim() || secretProblem(secret)) return;
    create.mutate(
      { url: url.trim(), secret, kinds, enabled: true },
      {
        onSuccess: () => {
          toast({ kind: 'success', text: t('notifications.webhooks.added') });
          setUrl('');
          setSecret('');
          setGenerated(false);
          setKinds([]);
          setChecked(false);
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="webhook-add-heading"
      className="flex flex-col gap-4 rounded-md border border-line p-3"
    >
      <h4 id="webhook-add-heading" className="text-sm font-semibold text-fg">
        {t('notifications.webhooks.add')}
      </h4>
      <TextField
        label={t('notifications.webhooks.url')}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        value={url}
        maxLength={2000}
        onChange={(e) => edit(() => setUrl(e.target.value))}
        hint={t('notifications.webhooks.urlHint')}
        error={urlError}
        required
      />
      <div className="flex flex-col gap-2">
        <TextField
          label={t('notifications.webhooks.secret')}
          value={secret}
          maxLength={SECRET_MAX}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) =>
            edit(() => {
              setSecret(e.target.value);
              setGenerated(false);
            })
          }
          hint={t('notifications.webhooks.secretHint')}
          error={secretError}
          required
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={generate}>
            {t('notifications.webhooks.generate')}
          </Button>
          {generated && (
            <Button variant="secondary" onClick={() => void copy()}>
              {t('notifications.webhooks.copy')}
            </Button>
          )}
        </div>
        {generated && <Banner tone="info">{t('notifications.webhooks.generated')}</Banner>}
      </div>
      <CheckGroup
        legend={t('notifications.webhooks.kinds')}
        hint={t('notifications.webhooks.kindsHint')}
        options={EVENT_KINDS.map((k) => ({ value: k, label: t(`notifications.kind.${k}`) }))}
        value={kinds}
        onToggle={(k, on) => edit(() => setKinds((list) => toggle(list, k, on, EVENT_KINDS)))}
      />
      {failure && !fields && <Banner tone="error">{errorText(failure)}</Banner>}
      <div>
        <Button type="submit" busy={create.isPending}>
          {t('notifications.webhooks.addButton')}
        </Button>
      </div>
    </form>
  );
}

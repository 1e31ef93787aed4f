import type { AiSettings, AiSettingsInput } from '@vigil/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useSaveAiSettings } from '../api.ts';

/** A secret's edit: keep what is stored, replace it, or remove it. Never shown, only "set" / "not set". */
type KeyEdit = { mode: 'keep' } | { mode: 'replace'; value: string } | { mode: 'remove' };

function KeyField({
  idPrefix,
  hasKey,
  edit,
  onChange,
  error,
}: {
  idPrefix: string;
  hasKey: boolean;
  edit: KeyEdit;
  onChange(e: KeyEdit): void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2" data-testid={`${idPrefix}-key`}>
      <legend className="text-sm font-medium text-fg">{t('ai.settings.apiKey')}</legend>
      <p className="text-sm text-muted" data-testid={`${idPrefix}-key-state`}>
        {edit.mode === 'remove'
          ? t('ai.settings.keyRemoved')
          : hasKey
            ? t('ai.settings.keySet')
            : t('ai.settings.keyNotSet')}
      </p>
      {edit.mode === 'replace' ? (
        <TextField
          label={t('ai.settings.apiKey.new')}
          type="password"
          autoComplete="off"
          value={edit.value}
          onChange={(e) => onChange({ mode: 'replace', value: e.target.value })}
          error={error}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {edit.mode !== 'replace' && (
          <Button type="button" variant="secondary" onClick={() => onChange({ mode: 'replace', value: '' })}>
            {t('ai.settings.replaceKey')}
          </Button>
        )}
        {hasKey && edit.mode !== 'remove' && (
          <Button type="button" variant="secondary" onClick={() => onChange({ mode: 'remove' })}>
            {t('ai.settings.removeKey')}
          </Button>
        )}
        {edit.mode !== 'keep' && (
          <Button type="button" variant="ghost" onClick={() => onChange({ mode: 'keep' })}>
            {t('ai.settings.keepKey')}
          </Button>
        )}
      </div>
    </fieldset>
  );
}

const keyInput = (edit: KeyEdit): string | null | undefined =>
  edit.mode === 'keep' ? undefined : edit.mode === 'remove' ? null : edit.value;

/** A provider's form while it is being edited: on or off, its address, its timeout (seconds) and its key. */
function useProviderDraft(stored: AiSettings['codeproject'] | AiSettings['openai'], defaultTimeoutMs: number) {
  const [on, setOn] = useState(!!stored);
  const [url, setUrl] = useState(stored?.url ?? '');
  const [seconds, setSeconds] = useState(String((stored?.timeoutMs ?? defaultTimeoutMs) / 1000));
  const [key, setKey] = useState<KeyEdit>({ mode: 'keep' });
  return { on, setOn, url, setUrl, seconds, setSeconds, key, setKey, hasKey: !!stored?.hasApiKey };
}
type ProviderDraft = ReturnType<typeof useProviderDraft>;

/** What a provider's draft sends: a comma is a decimal point in the timeout ("1,5" s). */
const draftInput = (d: ProviderDraft) => ({
  url: d.url.trim(),
  apiKey: keyInput(d.key),
  timeoutMs: Math.round(Number(d.seconds.replace(',', '.')) * 1000),
});

/** One remote detector: its switch, then (when on) its address, `children` (its own fields), timeout and key. */
function ProviderSection({
  name,
  draft,
  urlPlaceholder,
  fieldError,
  children,
}: {
  name: 'codeproject' | 'openai';
  draft: ProviderDraft;
  urlPlaceholder: string;
  fieldError(key: string): string | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-3 border-t border-line pt-4" data-testid={`ai-${name}`}>
      <SwitchField
        label={t(`ai.settings.${name}`)}
        description={t(`ai.settings.${name}.help`)}
        checked={draft.on}
        onCheckedChange={draft.setOn}
      />
      {draft.on && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('ai.settings.url')}
            type="url"
            inputMode="url"
            placeholder={urlPlaceholder}
            value={draft.url}
            onValueChange={draft.setUrl}
            error={fieldError(`${name}.url`)}
          />
          {children}
          <TextField
            label={t('ai.settings.timeout')}
            type="number"
            min={0.5}
            max={60}
            step={0.5}
            value={draft.seconds}
            onValueChange={draft.setSeconds}
            error={fieldError(`${name}.timeoutMs`)}
          />
          <div className="sm:col-span-2">
            <KeyField
              idPrefix={name}
              hasKey={draft.hasKey}
              edit={draft.key}
              onChange={draft.setKey}
              error={fieldError(`${name}.apiKey`)}
            />
          </div>
        </div>
      )}
    </section>
  );
}

/** The detectors: the built-in one's state, a CodeProject.AI server, an OpenAI-compatible vision API. */
export function ProvidersForm({ settings }: { settings: AiSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const save = useSaveAiSettings();
  const cp = useProviderDraft(settings.codeproject, 10_000);
  const oa = useProviderDraft(settings.openai, 20_000);
  const [oaModel, setOaModel] = useState(settings.openai?.model ?? '');
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const f = (k: string) => fields[k];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input: AiSettingsInput = {
      codeproject: cp.on ? draftInput(cp) : null,
      openai: oa.on ? { ...draftInput(oa), model: oaModel.trim() } : null,
    };
    save.mutate(input, {
      onSuccess: (next) => {
        cp.setKey({ mode: 'keep' });
        oa.setKey({ mode: 'keep' });
        cp.setOn(!!next.codeproject);
        oa.setOn(!!next.openai);
        toast({ kind: 'success', text: t('ai.settings.saved') });
      },
    });
  };

  return (
    <form className="flex flex-col gap-6" onSubmit={submit} noValidate data-testid="ai-providers-form">
      <section className="flex flex-col gap-1" data-testid="ai-local">
        <h3 className="text-sm font-semibold text-fg">{t('ai.settings.local')}</h3>
        <p className="text-sm text-muted">
          {settings.local.available
            ? t('ai.settings.local.ready', { model: settings.local.model })
            : t('ai.settings.local.unavailable')}
        </p>
      </section>
      <ProviderSection name="codeproject" draft={cp} urlPlaceholder="http://192.168.1.20:32168" fieldError={f} />
      <ProviderSection name="openai" draft={oa} urlPlaceholder="https://api.openai.com/v1" fieldError={f}>
        <TextField
          label={t('ai.settings.model')}
          value={oaModel}
          placeholder="gpt-4o-mini"
          onValueChange={setOaModel}
          error={f('openai.model')}
        />
      </ProviderSection>
      {save.error ? <Banner tone="error">{errorText(save.error)}</Banner> : null}
      <div>
        <Button type="submit" busy={save.isPending}>
          {t('ai.settings.save')}
        </Button>
      </div>
    </form>
  );
}

import type { AiSettings, AiSettingsInput } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
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

/** The detectors: the built-in one's state, a CodeProject.AI server, an OpenAI-compatible vision API. */
export function ProvidersForm({ settings }: { settings: AiSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const save = useSaveAiSettings();
  const cp = settings.codeproject;
  const oa = settings.openai;
  const [useCp, setUseCp] = useState(!!cp);
  const [cpUrl, setCpUrl] = useState(cp?.url ?? '');
  const [cpTimeout, setCpTimeout] = useState(String((cp?.timeoutMs ?? 10_000) / 1000));
  const [cpKey, setCpKey] = useState<KeyEdit>({ mode: 'keep' });
  const [useOa, setUseOa] = useState(!!oa);
  const [oaUrl, setOaUrl] = useState(oa?.url ?? '');
  const [oaModel, setOaModel] = useState(oa?.model ?? '');
  const [oaTimeout, setOaTimeout] = useState(String((oa?.timeoutMs ?? 20_000) / 1000));
  const [oaKey, setOaKey] = useState<KeyEdit>({ mode: 'keep' });
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const f = (k: string) => fields[k];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ms = (s: string) => Math.round(Number(s.replace(',', '.')) * 1000);
    const input: AiSettingsInput = {
      codeproject: useCp ? { url: cpUrl.trim(), apiKey: keyInput(cpKey), timeoutMs: ms(cpTimeout) } : null,
      openai: useOa
        ? { url: oaUrl.trim(), apiKey: keyInput(oaKey), model: oaModel.trim(), timeoutMs: ms(oaTimeout) }
        : null,
    };
    save.mutate(input, {
      onSuccess: (next) => {
        setCpKey({ mode: 'keep' });
        setOaKey({ mode: 'keep' });
        setUseCp(!!next.codeproject);
        setUseOa(!!next.openai);
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

      <section className="flex flex-col gap-3 border-t border-line pt-4" data-testid="ai-codeproject">
        <SwitchField
          label={t('ai.settings.codeproject')}
          description={t('ai.settings.codeproject.help')}
          checked={useCp}
          onCheckedChange={setUseCp}
        />
        {useCp && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t('ai.settings.url')}
              type="url"
              inputMode="url"
              placeholder="http://192.168.1.20:32168"
              value={cpUrl}
              onChange={(e) => setCpUrl(e.target.value)}
              error={f('codeproject.url')}
            />
            <TextField
              label={t('ai.settings.timeout')}
              type="number"
              min={0.5}
              max={60}
              step={0.5}
              value={cpTimeout}
              onChange={(e) => setCpTimeout(e.target.value)}
              error={f('codeproject.timeoutMs')}
            />
            <div className="sm:col-span-2">
              <KeyField
                idPrefix="codeproject"
                hasKey={!!cp?.hasApiKey}
                edit={cpKey}
                onChange={setCpKey}
                error={f('codeproject.apiKey')}
              />
            </div>
          </div>
        )}
      </section>

      <section className="flex flex-col gap-3 border-t border-line pt-4" data-testid="ai-openai">
        <SwitchField
          label={t('ai.settings.openai')}
          description={t('ai.settings.openai.help')}
          checked={useOa}
          onCheckedChange={setUseOa}
        />
        {useOa && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t('ai.settings.url')}
              type="url"
              inputMode="url"
              placeholder="https://api.openai.com/v1"
              value={oaUrl}
              onChange={(e) => setOaUrl(e.target.value)}
              error={f('openai.url')}
            />
            <TextField
              label={t('ai.settings.model')}
              value={oaModel}
              placeholder="gpt-4o-mini"
              onChange={(e) => setOaModel(e.target.value)}
              error={f('openai.model')}
            />
            <TextField
              label={t('ai.settings.timeout')}
              type="number"
              min={0.5}
              max={60}
              step={0.5}
              value={oaTimeout}
              onChange={(e) => setOaTimeout(e.target.value)}
              error={f('openai.timeoutMs')}
            />
            <div className="sm:col-span-2">
              <KeyField
                idPrefix="openai"
                hasKey={!!oa?.hasApiKey}
                edit={oaKey}
                onChange={setOaKey}
                error={f('openai.apiKey')}
              />
            </div>
          </div>
        )}
      </section>

      {save.error ? <Banner tone="error">{errorText(save.error)}</Banner> : null}
      <div>
        <Button type="submit" busy={save.isPending}>
          {t('ai.settings.save')}
        </Button>
      </div>
    </form>
  );
}

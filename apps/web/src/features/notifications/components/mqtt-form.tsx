import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { settingsQuery, useSaveSettings, useTestMqtt } from '../api.ts';
import { mqttTopic } from '../integrations-model.ts';

/**
 * The workspace's MQTT broker: its URL (password masked by the server), whether Home Assistant
 * discovery is published, save, and a test publish.
 */
export function MqttForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const settings = useQuery(settingsQuery);
  const workspaceId = useSession().me?.workspace.id ?? '';
  return (
    <section aria-labelledby="mqtt-heading" className="flex flex-col gap-3">
      <div>
        <h3 id="mqtt-heading" className="text-base font-semibold text-fg">
          {t('notifications.mqtt.title')}
        </h3>
        <p className="text-sm text-muted">{t('notifications.mqtt.intro')}</p>
      </div>
      <p className="text-sm text-fg">
        {t('notifications.mqtt.topic')}{' '}
        <code className="rounded bg-sunken px-1 font-mono text-xs break-all" data-testid="mqtt-topic">
          {mqttTopic(workspaceId)}
        </code>
      </p>
      {settings.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : settings.isError ? (
        // Until the server has the settings routes it answers not-found: say that plainly.
        <Banner tone="warning">
          {settings.error instanceof ApiError && settings.error.code === 'not-found'
            ? t('notifications.mqtt.unavailable')
            : errorText(settings.error)}
        </Banner>
      ) : (
        <BrokerForm
          key={`${settings.data.mqttUrl ?? ''}:${settings.data.mqttDiscovery}`}
          saved={settings.data.mqttUrl}
          savedDiscovery={settings.data.mqttDiscovery}
        />
      )}
    </section>
  );
}

function BrokerForm({ saved, savedDiscovery }: { saved: string | null; savedDiscovery: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const save = useSaveSettings();
  const test = useTestMqtt();
  const [url, setUrl] = useState(saved ?? '');
  const [discovery, setDiscovery] = useState(savedDiscovery);
  const failure = save.error instanceof ApiError ? save.error : null;
  const why = failure?.code === 'invalid-argument' ? failure.fields?.mqttUrl : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const mqttUrl = url.trim() || null;
    save.mutate(
      { mqttUrl, mqttDiscovery: discovery },
      {
        onSuccess: () =>
          toast({ kind: 'success', text: t(mqttUrl ? 'notifications.mqtt.saved' : 'notifications.mqtt.cleared') }),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <TextField
        label={t('notifications.mqtt.url')}
        value={url}
        maxLength={2000}
        autoComplete="off"
        spellCheck={false}
        placeholder="mqtts://user:password@broker.example:8883"
        onChange={(e) => {
          setUrl(e.target.value);
          save.reset();
        }}
        hint={t('notifications.mqtt.urlHint')}
        error={why ? t(`serverMessage.${why}`, { defaultValue: why }) : undefined}
      />
      <SwitchField
        label={t('notifications.mqtt.discovery')}
        description={t('notifications.mqtt.discoveryHint')}
        checked={discovery}
        onCheckedChange={(on) => {
          setDiscovery(on);
          save.reset();
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" busy={save.isPending}>
          {t('notifications.mqtt.save')}
        </Button>
        <Button
          variant="secondary"
          busy={test.isPending}
          disabled={!saved || url.trim() !== saved || discovery !== savedDiscovery}
          onClick={() => test.mutate()}
        >
          {t('notifications.mqtt.test')}
        </Button>
      </div>
      <div aria-live="polite" className="text-sm break-words" data-testid="mqtt-result">
        {failure && !why && <Banner tone="error">{errorText(failure)}</Banner>}
        {test.data &&
          (test.data.ok ? (
            <span className="text-ok-fg">{t('notifications.mqtt.testOk')}</span>
          ) : (
            <span className="text-danger">{t('notifications.mqtt.testFailed', { error: test.data.error ?? '' })}</span>
          ))}
        {test.error && <span className="text-danger">{errorText(test.error)}</span>}
      </div>
    </form>
  );
}

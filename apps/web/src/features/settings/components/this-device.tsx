import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  PUSH_CHANGED,
  PushError,
  type PushFailure,
  type PushState,
  disablePush,
  enablePush,
  pushState,
} from '../../../lib/push.ts';
import { DEVICES_KEY } from '../api.ts';

/** Key of the sentence that tells the person what went wrong and what to do. */
const FAILURE_KEY: Record<PushFailure, string> = {
  unsupported: 'device.unsupported',
  denied: 'device.denied',
  dismissed: 'device.failed.dismissed',
  'push-service': 'device.failed.push-service',
  server: 'device.failed.server',
};

/** "Turn on notifications on this device": permission is asked only from this button's click. */
export function ThisDevice({ pushEnabled }: { pushEnabled: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PushFailure | null>(null);

  const reload = useCallback(async () => setState(await pushState()), []);
  useEffect(() => {
    void reload();
    const onChange = () => {
      void reload();
      void queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
    };
    window.addEventListener(PUSH_CHANGED, onChange);
    return () => window.removeEventListener(PUSH_CHANGED, onChange);
  }, [reload, queryClient]);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (err) {
      setFailure(err instanceof PushError ? err.reason : 'server');
    } finally {
      setBusy(false);
      await reload();
      await queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
    }
  };

  if (state === null) return null;
  const failed = failure && !(failure === 'denied' && state === 'denied') && (
    <Banner tone="error" data-testid="push-error">
      {t(FAILURE_KEY[failure])}
    </Banner>
  );
  return (
    <section aria-labelledby="this-device-title" className="flex flex-col gap-3" data-testid="this-device">
      <h3 id="this-device-title" className="text-sm font-semibold text-fg">
        {t('device.title')}
      </h3>
      {state === 'unsupported' && <Banner tone="info">{t('device.unsupported')}</Banner>}
      {state === 'denied' && <Banner tone="warning">{t('device.denied')}</Banner>}
      {state === 'off' && <p className="text-sm text-muted">{t('device.off')}</p>}
      {state === 'on' && (
        <Banner tone="success" data-testid="push-on">
          {t('device.on')}
        </Banner>
      )}
      {state === 'on' && !pushEnabled && <p className="text-sm text-muted">{t('device.pushOff')}</p>}
      {failed}
      <div>
        {state === 'off' && (
          <Button busy={busy} onClick={() => void run(enablePush)}>
            {t('device.turnOn')}
          </Button>
        )}
        {state === 'on' && (
          <Button variant="secondary" busy={busy} onClick={() => void run(disablePush)}>
            {t('device.turnOff')}
          </Button>
        )}
      </div>
    </section>
  );
}

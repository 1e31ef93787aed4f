import type { DeviceToken } from '@vigil/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { currentEndpoint } from '../../../lib/push.ts';
import { useDevices, useRemoveDevice } from '../api.ts';
import { deviceName } from '../device-name.ts';
import { useErrorText } from '../use-error-text.ts';

/** Every device this person is notified on, with a way to stop any of them. */
export function DeviceList({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const devices = useDevices();
  const remove = useRemoveDevice();
  const [here, setHere] = useState<string | null>(null);
  // Which row is this browser: re-read whenever the list changes (turned on or off here).
  const list = devices.data;
  useEffect(() => {
    if (list) void currentEndpoint().then(setHere);
  }, [list]);

  const name = (d: DeviceToken) => {
    const { browser, os } = deviceName(d.userAgent);
    return t('devices.name', { browser: browser ?? t('devices.unknownBrowser'), os: os ?? t('devices.unknownOs') });
  };
  const onRemove = (d: DeviceToken) =>
    remove.mutate(d.token, {
      onSuccess: () => toast({ kind: 'success', text: t('devices.removed') }),
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });

  return (
    <section aria-labelledby="devices-title" className="flex flex-col gap-2">
      <h3 id="devices-title" className="text-sm font-semibold text-fg">
        {t('devices.title')}
      </h3>
      {devices.isPending && <Spinner />}
      {devices.isError && <p className="text-sm text-danger">{t('devices.loadFailed')}</p>}
      {devices.data?.length === 0 && <p className="text-sm text-muted">{t('devices.empty')}</p>}
      {!!devices.data?.length && (
        <ul className="flex flex-col divide-y divide-line rounded-md border border-line" data-testid="device-list">
          {devices.data.map((d) => (
            <li key={d.token} className="flex items-center justify-between gap-2 px-3 py-2">
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="text-sm font-medium text-fg">
                  {name(d)}
                  {d.token === here && (
                    <span className="ml-2 whitespace-nowrap rounded bg-sunken px-1.5 py-0.5 text-xs text-muted">
                      {t('devices.thisDevice')}
                    </span>
                  )}
                </span>
                <span className="text-xs text-muted">
                  {d.active
                    ? t('devices.lastUsed', { when: formatDateTime(d.lastUsed, timeZone, i18n.language) })
                    : t('devices.inactive')}
                </span>
              </div>
              <Button
                className="shrink-0"
                variant="ghost"
                aria-label={t('devices.removeLabel', { name: name(d) })}
                busy={remove.isPending && remove.variables === d.token}
                onClick={() => onRemove(d)}
              >
                {t('devices.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

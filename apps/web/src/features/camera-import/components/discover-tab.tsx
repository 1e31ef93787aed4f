import { DISCOVERY_SECONDS_DEFAULT, type DiscoveredDevice, RECORDING_MODES } from '@vigil/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Meter } from '../../../components/ui/progress.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useDiscover, useStartImport } from '../api.ts';
import { deviceKey, deviceLabel, parseTargets } from '../import-model.ts';
import { ImportResults } from './import-results.tsx';

interface Choice {
  selected: boolean;
  name: string;
  stream: string;
}

/** A bar that fills over the scan's listening time, so a wait of seconds reads as progress. */
function ScanProgress() {
  const { t } = useTranslation();
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setElapsed((s) => Math.min(s + 1, DISCOVERY_SECONDS_DEFAULT)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Meter
      label={t('cameraImport.discover.progress')}
      value={Math.round((elapsed / DISCOVERY_SECONDS_DEFAULT) * 100)}
      valueText={t('cameraImport.discover.progressValue', { elapsed, total: DISCOVERY_SECONDS_DEFAULT })}
    />
  );
}

/** Discover ONVIF devices, choose their streams, add them through an import (probed, line by line). */
export function DiscoverTab({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [targets, setTargets] = useState('');
  const [mode, setMode] = useState<(typeof RECORDING_MODES)[number]>('continuous');
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [importId, setImportId] = useState<string | null>(null);
  const discover = useDiscover(siteId);
  const start = useStartImport(siteId);
  const devices = discover.data?.devices ?? [];

  const scan = (e: FormEvent) => {
    e.preventDefault();
    setImportId(null);
    const list = parseTargets(targets);
    discover.mutate(
      { ...(username ? { username, password } : {}), ...(list.length ? { targets: list } : {}) },
      {
        onSuccess: (r) =>
          setChoices(
            Object.fromEntries(
              r.devices.map((d) => [
                deviceKey(d),
                { selected: false, name: deviceLabel(d).slice(0, 80), stream: d.streams[0]?.uri ?? '' },
              ]),
            ),
          ),
      },
    );
  };
  const choose = (d: DiscoveredDevice, patch: Partial<Choice>) =>
    setChoices((c) => ({ ...c, [deviceKey(d)]: { ...c[deviceKey(d)]!, ...patch } }));

  const add = (list: DiscoveredDevice[]) => {
    const rows = list.map((d) => {
      const c = choices[deviceKey(d)]!;
      return { name: c.name, url: c.stream, recordingMode: mode, ...(username ? { username, password } : {}) };
    });
    start.mutate({ rows }, { onSuccess: (r) => setImportId(r.id) });
  };
  const selected = devices.filter((d) => choices[deviceKey(d)]?.selected && d.streams.length > 0);

  return (
    <div className="flex flex-col gap-4">
      <form className="flex flex-col gap-3" onSubmit={scan}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('cameraImport.discover.username')}
            value={username}
            autoComplete="off"
            onChange={(e) => setUsername(e.target.value)}
          />
          <PasswordField
            label={t('cameraImport.discover.password')}
            value={password}
            autoComplete="new-password"
            onValueChange={setPassword}
          />
        </div>
        <p className="text-xs text-muted">{t('cameraImport.discover.credentialsHint')}</p>
        <TextField
          label={t('cameraImport.discover.targets')}
          hint={t('cameraImport.discover.targetsHint')}
          value={targets}
          placeholder="192.168.1.20, 192.168.1.21"
          onChange={(e) => setTargets(e.target.value)}
        />
        <div>
          <Button type="submit" busy={discover.isPending}>
            {t('cameraImport.discover.scan')}
          </Button>
        </div>
        {discover.isPending && <ScanProgress />}
        {discover.error && <Banner tone="error">{errorText(discover.error)}</Banner>}
      </form>

      {discover.data && (
        <section className="flex flex-col gap-3" aria-labelledby="discovered-devices" data-testid="discovered-devices">
          <h3 id="discovered-devices" className="text-base font-semibold text-fg">
            {t('cameraImport.discover.devices')}
          </h3>
          <p className="text-sm text-muted" role="status">
            {devices.length
              ? t('cameraImport.discover.found', { count: devices.length })
              : t('cameraImport.discover.none')}
          </p>
          {discover.data.skipped.map((s) => (
            <Banner key={s.xaddr} tone="warning">
              {t('cameraImport.discover.skipped', { address: s.xaddr, reason: s.reason })}
            </Banner>
          ))}
          <ul className="flex flex-col gap-3">
            {devices.map((d) => {
              const c = choices[deviceKey(d)];
              if (!c) return null;
              return (
                <li key={deviceKey(d)} className="rounded-md border border-line bg-surface p-3">
                  <div className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      className="mt-1 size-5 shrink-0 accent-primary"
                      checked={c.selected}
                      disabled={d.streams.length === 0}
                      aria-label={t('cameraImport.discover.select', { name: deviceLabel(d) })}
                      onChange={(e) => choose(d, { selected: e.target.checked })}
                    />
                    <div className="min-w-0 flex-1">
                      <p className="font-medium break-words text-fg">{deviceLabel(d)}</p>
                      <p className="text-xs break-words text-muted">
                        {[d.manufacturer, d.model, d.firmware, d.host].filter(Boolean).join(' · ')}
                      </p>
                      {d.error && <p className="mt-1 text-sm text-error-fg">{d.error}</p>}
                    </div>
                  </div>
                  {d.streams.length > 0 ? (
                    <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                      <TextField
                        label={t('cameraImport.discover.cameraName')}
                        value={c.name}
                        maxLength={80}
                        onChange={(e) => choose(d, { name: e.target.value })}
                      />
                      <SelectField
                        label={t('cameraImport.discover.stream')}
                        value={c.stream}
                        options={d.streams.map((s) => ({
                          value: s.uri,
                          label: [s.name, s.width && s.height ? `${s.width}×${s.height}` : null, s.encoding]
                            .filter(Boolean)
                            .join(' · '),
                        }))}
                        onChange={(e) => choose(d, { stream: e.target.value })}
                      />
                      <Button variant="secondary" busy={start.isPending} onClick={() => add([d])}>
                        {t('cameraImport.discover.add')}
                      </Button>
                    </div>
                  ) : (
                    !d.error && <p className="mt-2 text-sm text-muted">{t('cameraImport.discover.noStreams')}</p>
                  )}
                </li>
              );
            })}
          </ul>
          {devices.some((d) => d.streams.length > 0) && (
            <div className="flex flex-wrap items-end gap-3">
              <SelectField
                label={t('cameraImport.discover.mode')}
                value={mode}
                options={RECORDING_MODES.map((m) => ({ value: m, label: t(`cameraImport.mode.${m}`) }))}
                onChange={(e) => setMode(e.target.value as typeof mode)}
              />
              <Button disabled={selected.length === 0} busy={start.isPending} onClick={() => add(selected)}>
                {t('cameraImport.discover.addSelected', { count: selected.length })}
              </Button>
            </div>
          )}
          {start.error && <Banner tone="error">{errorText(start.error)}</Banner>}
        </section>
      )}
      {importId && <ImportResults id={importId} />}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorKey } from '../../../lib/errors.ts';
import { useLiveCameras } from '../api.ts';
import { LiveTile } from '../components/live-tile.tsx';
import { isTransport, TRANSPORTS } from '../transports.ts';
import '../translations.ts';

const LAYOUTS = [1, 4, 9, 16] as const;
type Layout = (typeof LAYOUTS)[number];
/** One column on a phone; the layout's square grid from the small breakpoint up. */
const GRID: Record<Layout, string> = {
  1: 'grid-cols-1',
  4: 'grid-cols-1 sm:grid-cols-2',
  9: 'grid-cols-1 sm:grid-cols-3',
  16: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4',
};

export function LivePage() {
  const { t } = useTranslation();
  const cameras = useLiveCameras();
  // The layout lives in the URL, so a reload (or a bookmarked wall screen) keeps it.
  const [params, setParams] = useSearchParams();
  const layout = (LAYOUTS.find((n) => String(n) === params.get('layout')) ?? 4) as Layout;
  const wanted = params.get('transport');
  const transport = isTransport(wanted) ? wanted : 'auto';
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  // `?camera=` opens on one camera (an app link `web+vigil:camera/<id>` lands here).
  const [focused, setFocused] = useState<string | null>(() => params.get('camera'));

  useEffect(() => {
    if (!focused) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.fullscreenElement) setFocused(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [focused]);

  const list = cameras.data ?? [];
  const shown = focused ? list.filter((c) => c.id === focused) : list.slice(0, layout);

  return (
    <div>
      <PageHeader
        title={t('pages.viewer.live')}
        description={t('live.description')}
        actions={
          <div className="flex flex-wrap gap-3">
            <SelectField
              label={t('live.layout')}
              value={String(layout)}
              options={LAYOUTS.map((n) => ({ value: String(n), label: t('live.layoutOption', { count: n }) }))}
              onChange={(e) => {
                setParam('layout', e.target.value);
                setFocused(null);
              }}
            />
            <SelectField
              label={t('live.transport')}
              value={transport}
              options={(['auto', ...TRANSPORTS] as const).map((v) => ({
                value: v,
                label: t(`live.transportOption.${v}`),
              }))}
              onChange={(e) => setParam('transport', e.target.value)}
            />
          </div>
        }
      />
      {cameras.isPending && <Spinner />}
      {cameras.isError && (
        <Banner tone="error">{t(errorKey(cameras.error instanceof ApiError ? cameras.error.code : 'unknown'))}</Banner>
      )}
      {cameras.isSuccess && list.length === 0 && <p className="text-muted">{t('live.noCameras')}</p>}
      <div className={`grid gap-3 ${focused ? 'grid-cols-1' : GRID[layout]}`}>
        {shown.map((c) => (
          <LiveTile
            key={c.id}
            camera={c}
            focused={focused === c.id}
            transport={transport}
            onToggleFocus={() => setFocused((f) => (f === c.id ? null : c.id))}
          />
        ))}
      </div>
    </div>
  );
}

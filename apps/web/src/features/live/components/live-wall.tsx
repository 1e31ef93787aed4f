import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLiveCameras } from '../api.ts';
import '../translations.ts';
import { LiveTile } from './live-tile.tsx';

/** A dashboard plays a few cameras at once: more would spend a phone's battery and data on tiles nobody watches. */
const WALL_SIZE = 4;

/**
 * The operator's and viewer's dashboards' wall: the person's enabled cameras (the server lists only
 * those they may see), online ones first, one column on a phone (or for one camera), two from the small
 * breakpoint up.
 */
export function LiveWall() {
  const { t } = useTranslation();
  const cameras = useLiveCameras();
  const list = (cameras.data ?? [])
    .filter((c) => c.enabled)
    .sort((a, b) => Number(b.status === 'online') - Number(a.status === 'online'));
  const [focused, setFocused] = useState<string | null>(null);
  const shown = focused ? list.filter((c) => c.id === focused) : list.slice(0, WALL_SIZE);
  return (
    <Card title={t('live.wall.title')} className="lg:col-span-2">
      {cameras.isPending && <Spinner />}
      {cameras.isSuccess && list.length === 0 && <p className="text-muted">{t('live.wall.none')}</p>}
      {shown.length > 0 && (
        <div
          data-testid="live-wall"
          className={`grid gap-3 ${focused || shown.length === 1 ? 'max-w-3xl grid-cols-1' : 'grid-cols-1 sm:grid-cols-2'}`}
        >
          {shown.map((c) => (
            <LiveTile
              key={c.id}
              camera={c}
              focused={focused === c.id}
              onToggleFocus={() => setFocused((f) => (f === c.id ? null : c.id))}
              compact
            />
          ))}
        </div>
      )}
      {list.length > WALL_SIZE && !focused && (
        <p className="mt-3 text-sm text-muted">{t('live.wall.more', { count: list.length - WALL_SIZE })}</p>
      )}
      {list.length > 0 && (
        <Link className="mt-3 inline-block font-medium text-primary underline underline-offset-4" to="/viewer/live">
          {t('live.card.openLive')}
        </Link>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLiveCameras } from '../api.ts';
import '../translations.ts';
import { LiveTile } from './live-tile.tsx';

/**
 * The dashboards' live tile: one camera playing (an online one first), a picker when there are
 * several, and the way to the full live view. The app shell places it (features never import
 * each other).
 */
export function LiveCard() {
  const { t } = useTranslation();
  const cameras = useLiveCameras();
  const list = (cameras.data ?? []).filter((c) => c.enabled);
  const [chosen, setChosen] = useState<string | null>(null);
  const first = list.find((c) => c.status === 'online') ?? list[0];
  const camera = list.find((c) => c.id === chosen) ?? first;
  return (
    <Card title={t('live.card.title')} className="lg:col-span-2">
      {cameras.isPending && <Spinner />}
      {cameras.isSuccess && !camera && (
        <p className="text-muted">
          {t('live.noCameras')}{' '}
          <Link className="font-medium text-primary underline underline-offset-4" to="/viewer/cameras">
            {t('live.card.addCamera')}
          </Link>
        </p>
      )}
      {camera && (
        <div className="flex flex-col gap-3">
          {list.length > 1 && (
            <SelectField
              label={t('live.card.camera')}
              value={camera.id}
              options={list.map((c) => ({ value: c.id, label: c.name }))}
              onChange={(e) => setChosen(e.target.value)}
            />
          )}
          <div className="max-w-3xl">
            <LiveTile camera={camera} focused={false} onToggleFocus={() => {}} compact />
          </div>
          <Link className="self-start font-medium text-primary underline underline-offset-4" to="/viewer/live">
            {t('live.card.openLive')}
          </Link>
        </div>
      )}
    </Card>
  );
}

import type { SiteDetails } from '@vigil/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

type SiteCamera = SiteDetails['cameras'][number];
export type LiveTileRender = (camera: SiteCamera) => ReactNode;

/** How many tiles open at first: each playing tile is a stream (an off-screen one holds none). */
const FIRST_TILES = 6;

/**
 * The site's live wall. The tile belongs to the live feature: the app shell hands it in
 * (features never import each other); without it the wall is not shown.
 */
export function LiveWall({ cameras, tile }: { cameras: SiteCamera[]; tile: LiveTileRender }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? cameras : cameras.slice(0, FIRST_TILES);
  return (
    <Card title={t('sites.live.title')} className="lg:col-span-2">
      {cameras.length === 0 ? (
        <p className="text-sm text-muted">{t('sites.live.none')}</p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="site-live-wall">
            {shown.map((c) => (
              <div key={c.id}>{tile(c)}</div>
            ))}
          </div>
          {cameras.length > shown.length && (
            <Button variant="secondary" className="mt-3" onClick={() => setAll(true)}>
              {t('sites.live.showAll', { count: cameras.length })}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

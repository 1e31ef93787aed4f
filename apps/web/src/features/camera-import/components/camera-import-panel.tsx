import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import '../translations.ts';
import { CsvTab } from './csv-tab.tsx';
import { DiscoverTab } from './discover-tab.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';

type Tab = 'csv' | 'discover';

/**
 * Adding cameras to a site in bulk (dozens at a time, not one form each): paste a CSV, or discover ONVIF devices on the
 * server's network. The site's Manage page composes it (app/page-loaders.tsx).
 */
export function CameraImportPanel({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('csv');
  return (
    <Card title={t('cameraImport.title')}>
      <Tabs<Tab>
        label={t('cameraImport.tabs')}
        tabs={[
          { id: 'csv', label: t('cameraImport.tab.csv') },
          { id: 'discover', label: t('cameraImport.tab.discover') },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'csv' ? <CsvTab siteId={siteId} /> : <DiscoverTab siteId={siteId} />}
      </Tabs>
    </Card>
  );
}

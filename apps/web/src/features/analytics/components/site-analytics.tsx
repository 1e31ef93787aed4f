import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useCountingZone } from '../../../lib/use-counting-zone.ts';
import { PRESETS, type Preset, apiPeriod, filtersFromQuery } from '../analytics-model.ts';
import '../translations.ts';
import { AnalyticsPanels } from './analytics-panels.tsx';
import { todayIn } from '../../../lib/local-time.ts';

/**
 * A site's analytics (the VMS area's site details page shows it: app/page-loaders.tsx composes
 * it there). The period is its own; days and hours are the site's zone when it has one.
 */
export function SiteAnalytics({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const me = useSession().me;
  const [zone, learnZone] = useCountingZone(me?.user.preferences.timezone ?? 'UTC');
  const today = todayIn(zone);
  const [preset, setPreset] = useState<Exclude<Preset, 'custom'>>('30');
  const period = apiPeriod({ ...filtersFromQuery(new URLSearchParams(), today), preset }, today);
  return (
    <section aria-labelledby="site-analytics-title" className="mt-6 min-w-0" data-testid="site-analytics">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="site-analytics-title" className="text-lg font-semibold text-fg">
          {t('analytics.siteTitle')}
        </h2>
        <SelectField
          label={t('analytics.period.label')}
          value={preset}
          onChange={(e) => setPreset(e.target.value as Exclude<Preset, 'custom'>)}
          options={PRESETS.filter((p) => p !== 'custom').map((p) => ({ value: p, label: t(`analytics.period.${p}`) }))}
        />
      </div>
      <AnalyticsPanels period={period} siteId={siteId} onZone={learnZone} />
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { BannerLink } from '../../../components/ui/banner-link.tsx';
import { Meter } from '../../../components/ui/progress.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { quotaState } from '../ai-model.ts';

/** The AI analyses used this billing period against the plan's quota; a notice once it is reached. */
export function QuotaMeter({ used, quota }: { used: number; quota: number }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const s = quotaState(used, quota);
  return (
    <div className="flex flex-col gap-3" data-testid="ai-quota">
      <Meter
        label={t('ai.quota.label')}
        value={s.percent}
        valueText={t('ai.quota.value', { used: formatNumber(used, lng, 0), quota: formatNumber(quota, lng, 0) })}
        tone={s.exhausted ? 'full' : s.near ? 'warning' : 'normal'}
      />
      {s.exhausted && (
        <Banner tone="warning" data-testid="ai-quota-exhausted">
          {t('ai.quota.exhausted')} <BannerLink to="/upgrade">{t('ai.quota.upgrade')}</BannerLink>
        </Banner>
      )}
    </div>
  );
}

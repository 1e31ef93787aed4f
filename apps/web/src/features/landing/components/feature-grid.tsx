import { useTranslation } from 'react-i18next';

const FEATURES = ['live', 'recording', 'events', 'team', 'selfHosted', 'plans'] as const;

export function FeatureGrid() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="features-title" className="text-2xl font-semibold text-fg">
        {t('landing.featuresTitle')}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((key) => (
          <li key={key} className="rounded-lg border border-line bg-surface p-5">
            <h3 className="font-semibold text-fg">{t(`landing.feature.${key}.title`)}</h3>
            <p className="mt-2 text-sm text-muted">{t(`landing.feature.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

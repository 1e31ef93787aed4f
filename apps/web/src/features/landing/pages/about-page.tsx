import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SupportContact } from '../../../components/help/support-contact.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';

const SECTIONS = ['why', 'how', 'roles', 'privacy'] as const;
const ROLES = ['admin', 'manager', 'operator', 'viewer'] as const;

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-fg">{t('about.title')}</h1>
      <p className="mt-4 text-lg text-muted">{t('about.intro')}</p>
      {SECTIONS.map((s) => (
        <section key={s} className="mt-10">
          <h2 className="text-xl font-semibold text-fg">{t(`about.${s}.title`)}</h2>
          <p className="mt-2 text-muted">{t(`about.${s}.body`)}</p>
          {s === 'roles' && (
            <dl className="mt-4 grid gap-3 sm:grid-cols-2">
              {ROLES.map((r) => (
                <div key={r} className="rounded-lg border border-line bg-surface p-4">
                  <dt className="font-semibold text-fg">{t(`role.${r}`)}</dt>
                  <dd className="mt-1 text-sm text-muted">{t(`about.role.${r}`)}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}
      <section className="mt-10" aria-labelledby="about-help">
        <h2 id="about-help" className="text-xl font-semibold text-fg">
          {t('about.help.title')}
        </h2>
        <p className="mt-2 text-muted">{t('about.help.body')}</p>
        <SupportContact className="mt-2 text-base" compact />
      </section>
      <Link to="/auth/register" className={buttonClass('primary', 'mt-10')}>
        {t('about.cta')}
      </Link>
    </div>
  );
}

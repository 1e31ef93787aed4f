import { type PageVisitor, type RouteMeta, dashboardPathFor, leastRole, pageNeeds } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SupportContact } from '../../../components/help/support-contact.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';

/** The one sentence saying whom a page is for, from what it needs (roles, the owner, a plan feature). */
export function useWhoFor(): (route: RouteMeta) => string {
  const { t } = useTranslation();
  return (route) => {
    const needs = pageNeeds(route);
    // The owner is the narrower of the two when a page asks for both.
    const who = needs.owner ? t('access.who.owner') : needs.roles ? t(`access.who.${leastRole(needs.roles)}`) : null;
    const plan = needs.plan ? t(`access.plan.${needs.plan}`) : null;
    if (who && plan) return t('access.forWhoOnPlan', { who, plan });
    if (plan) return t('access.forPlan', { plan });
    return t('access.forWho', { who: who ?? t('access.who.viewer') });
  };
}

/**
 * What a page is and who can use it, shown instead of a page this person cannot use here (their
 * role, not the owner, or the plan lacks what it needs): the one wording for every such page, whether
 * reached from an old link or typed. The page itself is never rendered, so it asks the server nothing.
 */
export function PageRefusal({ route, visitor }: { route: RouteMeta; visitor: PageVisitor }) {
  const { t, i18n } = useTranslation();
  const whoFor = useWhoFor();
  const needs = pageNeeds(route);
  const description = `${route.title}.desc`;
  const planMissing = (needs.plan === 'vms' && !visitor.vms) || (needs.plan === 'ai' && !visitor.ai);
  return (
    <div data-testid="page-refusal">
      <PageHeader title={t(route.title)} description={i18n.exists(description) ? t(description) : undefined} />
      <Card className="max-w-2xl">
        <h2 className="text-lg font-semibold text-fg">{t('access.title')}</h2>
        <p className="mt-2 text-fg">{whoFor(route)}</p>
        <p className="mt-2 text-sm text-muted">
          {planMissing && visitor.isOwner ? t('access.choosePlan') : t('access.askOwner')}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          {planMissing && visitor.isOwner && (
            <Link to="/upgrade" className={buttonClass('primary')}>
              {t('access.seePlans')}
            </Link>
          )}
          <Link to={dashboardPathFor(visitor.role)} className={buttonClass('secondary')}>
            {t('nav.dashboard')}
          </Link>
        </div>
        <SupportContact className="mt-4" />
      </Card>
    </div>
  );
}

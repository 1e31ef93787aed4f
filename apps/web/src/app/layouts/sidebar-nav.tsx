import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { type PlanAccess, navSections } from './nav.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-md px-3 py-2 text-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
    isActive ? 'bg-primary font-medium text-on-primary' : 'text-fg hover:bg-sunken',
  );

/** Only the built pages this role may open (spec §6), grouped by what people do there (nav.ts). */
export function SidebarNav({ role, plan, onNavigate }: { role: unknown; plan?: PlanAccess; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('layout.appNav')} className="flex flex-col gap-4">
      {navSections(role, plan).map((section) => (
        <div key={section.id}>
          <h2 id={`nav-${section.id}`} className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
            {t(section.title)}
          </h2>
          <ul aria-labelledby={`nav-${section.id}`} className="flex flex-col gap-0.5">
            {section.items.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} end className={linkClass} onClick={onNavigate}>
                  {t(item.title)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

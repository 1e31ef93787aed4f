import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMenu } from '../../components/ui/lazy-menu.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { useSupportContact } from '../../lib/support.ts';

function Avatar({ name, photoURL }: { name: string; photoURL: string | null }) {
  if (photoURL) return <img src={photoURL} alt="" className="h-8 w-8 rounded-full object-cover" />;
  return (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-on-primary"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** The account button: the same element before the menu's code is loaded and as the menu's trigger. */
function AccountButton({
  name,
  displayName,
  photoURL,
  ...button
}: ComponentProps<'button'> & { name: string; displayName: string; photoURL: string | null }) {
  const { t } = useTranslation();
  return (
    // The accessible name is built from the text itself ("Account: <name>") so what is read and
    // what is seen never differ (WCAG 2.5.3); the name is visible from md up.
    <button type="button" {...button} className="flex items-center gap-2 rounded-full p-1 hover:bg-sunken">
      <Avatar name={name} photoURL={photoURL} />
      <span className="sr-only">{t('layout.account')} </span>
      <span className="sr-only max-w-40 truncate text-sm text-fg md:not-sr-only">{displayName}</span>
    </button>
  );
}

// The menu (Radix and its items) is on every signed-in page but opened on few visits: it loads on demand.
const loadPanel = () => import('./user-menu-panel.tsx').then((m) => m.UserMenuPanel);

export function UserMenu() {
  const { user } = useSession();
  // Read with the page, as before the menu was split off: its help items are there when it opens.
  const support = useSupportContact();
  if (!user) return null;
  return (
    <LazyMenu
      load={loadPanel}
      trigger={
        <AccountButton name={user.displayName || user.email} displayName={user.displayName} photoURL={user.photoURL} />
      }
      props={{ email: user.email, support }}
    />
  );
}

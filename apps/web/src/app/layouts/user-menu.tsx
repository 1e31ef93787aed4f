import * as Menu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/api.ts';
import { WorkspaceSwitcher } from '../../features/team/components/workspace-switcher.tsx';
import { useInstallOffer } from '../../lib/install-prompt.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { telHref, useSupportContact } from '../../lib/support.ts';
import { MenuContent } from '../../components/ui/menu-content.tsx';

const itemClass =
  'flex min-h-10 cursor-pointer items-center rounded px-3 text-sm text-fg outline-none data-[highlighted]:bg-sunken';

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

export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const support = useSupportContact();
  const install = useInstallOffer();
  if (!user) return null;
  return (
    <Menu.Root>
      {/* The accessible name is built from the text itself ("Account: <name>") so what is
          read and what is seen never differ (WCAG 2.5.3); the name is visible from md up. */}
      <Menu.Trigger className="flex items-center gap-2 rounded-full p-1 hover:bg-sunken">
        <Avatar name={user.displayName || user.email} photoURL={user.photoURL} />
        <span className="sr-only">{t('layout.account')} </span>
        <span className="sr-only max-w-40 truncate text-sm text-fg md:not-sr-only">{user.displayName}</span>
      </Menu.Trigger>
      <MenuContent className="min-w-52">
        <Menu.Label className="px-3 py-2 text-xs text-muted">{user.email}</Menu.Label>
        <Menu.Item className={itemClass} onSelect={() => navigate('/viewer/settings')}>
          {t('pages.viewer.settings')}
        </Menu.Item>
        <WorkspaceSwitcher itemClass={itemClass} />
        <Menu.Separator className="my-1 h-px bg-line" />
        {install && (
          <Menu.Item className={itemClass} onSelect={() => void install()}>
            {t('help.install')}
          </Menu.Item>
        )}
        <Menu.Item className={itemClass} onSelect={() => navigate('/about')}>
          {t('help.about')}
        </Menu.Item>
        {/* Where people look for help: the installation's support, one tap to write or call. */}
        {support?.email && (
          <Menu.Item asChild className={itemClass}>
            <a href={`mailto:${support.email}`}>{t('help.email', { email: support.email })}</a>
          </Menu.Item>
        )}
        {support?.phone && (
          <Menu.Item asChild className={itemClass}>
            <a href={telHref(support.phone)}>{t('help.phone', { phone: support.phone })}</a>
          </Menu.Item>
        )}
        <Menu.Separator className="my-1 h-px bg-line" />
        <Menu.Item
          className={itemClass}
          onSelect={async () => {
            await signOut();
            navigate('/');
          }}
        >
          {t('auth.signOut')}
        </Menu.Item>
      </MenuContent>
    </Menu.Root>
  );
}

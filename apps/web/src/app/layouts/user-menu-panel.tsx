import * as Menu from '@radix-ui/react-dropdown-menu';
import type { SupportContact } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuPanelProps } from '../../components/ui/lazy-menu.tsx';
import { MenuContent, MenuRoot } from '../../components/ui/menu-content.tsx';
import { useSignOut } from '../../features/auth/api.ts';
import { WorkspaceSwitcher } from '../../features/team/components/workspace-switcher.tsx';
import { useInstallOffer } from '../../lib/install-prompt.ts';
import { telHref } from '../../lib/support.ts';

const itemClass =
  'flex min-h-10 cursor-pointer items-center rounded px-3 text-sm text-fg outline-none data-[highlighted]:bg-sunken';

/** The account menu itself, loaded when the person first opens it (user-menu.tsx holds its trigger). */
export function UserMenuPanel({
  trigger,
  opening,
  email,
  support,
}: MenuPanelProps & { email: string; support: SupportContact | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const install = useInstallOffer();
  return (
    <MenuRoot opening={opening}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <MenuContent className="min-w-52">
        <Menu.Label className="px-3 py-2 text-xs text-muted">{email}</Menu.Label>
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
    </MenuRoot>
  );
}

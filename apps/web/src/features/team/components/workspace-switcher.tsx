import * as Menu from '@radix-ui/react-dropdown-menu';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { myWorkspacesQuery, switchWorkspace } from '../api.ts';
import { roleLabel } from './role-label.ts';
import '../translations.ts';

/**
 * The user menu's workspaces, shown once a person belongs to more than one: an
 * integrator's operator moves between customers without signing out.
 */
export function WorkspaceSwitcher({ itemClass }: { itemClass: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const workspaces = useQuery(myWorkspacesQuery);
  const items = workspaces.data ?? [];
  if (items.length < 2) return null;

  const choose = async (id: string, name: string) => {
    try {
      const me = await switchWorkspace(id);
      // Everything cached belongs to the workspace just left.
      queryClient.clear();
      session.setMe(me);
      toast({ kind: 'success', text: t('switcher.switched', { name }) });
      navigate('/dashboard');
    } catch (err) {
      toast({ kind: 'error', text: errorText(err) });
    }
  };

  return (
    <>
      <Menu.Separator className="my-1 h-px bg-line" />
      <Menu.Label className="px-3 py-2 text-xs text-muted">{t('switcher.label')}</Menu.Label>
      <Menu.RadioGroup value={items.find((w) => w.current)?.id ?? ''}>
        {items.map((w) => (
          <Menu.RadioItem
            key={w.id}
            value={w.id}
            className={itemClass}
            onSelect={() => !w.current && void choose(w.id, w.name)}
          >
            <span className="mr-2 inline-block w-3" aria-hidden="true">
              <Menu.ItemIndicator>✓</Menu.ItemIndicator>
            </span>
            <span className="flex flex-col">
              <span>{w.name}</span>
              <span className="text-xs text-muted">{roleLabel(t, w.role)}</span>
            </span>
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
    </>
  );
}

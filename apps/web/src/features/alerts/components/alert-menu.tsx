import * as Menu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuPanelProps } from '../../../components/ui/lazy-menu.tsx';
import { MenuContent, MenuRoot } from '../../../components/ui/menu-content.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { AlertItem } from '../alert-model.ts';
import { useMarkRead } from '../api.ts';
import { BellIcon } from './bell-icon.tsx';

const itemClass =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded px-2 py-1.5 text-sm text-fg outline-none data-[highlighted]:bg-sunken';

/** The bell's list of the latest alerts, loaded when the person first opens it (alert-bell.tsx holds the rest). */
export function AlertMenu({
  trigger,
  opening,
  items,
  badge,
  timeZone,
  label,
  open,
}: MenuPanelProps & {
  items: AlertItem[];
  badge: string | null;
  timeZone: string;
  label(a: AlertItem): string;
  open(a: AlertItem): void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  return (
    <MenuRoot opening={opening} modal={false}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <MenuContent className="w-[min(24rem,calc(100vw-1rem))]">
        <Menu.Label className="flex items-center justify-between px-2 py-2 text-sm font-semibold text-fg">
          {t('alerts.title')}
        </Menu.Label>
        <Menu.Separator className="my-1 h-px bg-line" />
        {items.length === 0 ? (
          <p className="px-2 py-4 text-sm text-muted">{t('alerts.empty')}</p>
        ) : (
          <div className="max-h-[60vh] overflow-y-auto">
            {items.map((a) => (
              <Menu.Item key={a.id} className={itemClass} onSelect={() => open(a)} data-testid="alert-item">
                {a.thumbnailUrl ? (
                  <img src={a.thumbnailUrl} alt="" className="h-9 w-16 shrink-0 rounded object-cover" />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-16 shrink-0 items-center justify-center rounded bg-sunken text-muted"
                  >
                    <BellIcon />
                  </span>
                )}
                <span className="min-w-0 flex-1">
                  <span className={cn('block truncate', !a.read && 'font-semibold')}>
                    {label(a)}
                    {a.read ? null : <span className="sr-only"> ({t('alerts.unread')})</span>}
                  </span>
                  <span className="block text-xs text-muted">{formatDateTime(a.startAt, timeZone, i18n.language)}</span>
                </span>
                {a.read ? null : <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-primary" />}
              </Menu.Item>
            ))}
          </div>
        )}
        <Menu.Separator className="my-1 h-px bg-line" />
        <div className="flex gap-1">
          <Menu.Item
            className={cn(itemClass, 'min-h-10 flex-1 justify-center')}
            disabled={!badge}
            onSelect={() => markRead.mutate({ all: true })}
          >
            {t('alerts.markAllRead')}
          </Menu.Item>
          <Menu.Item
            className={cn(itemClass, 'min-h-10 flex-1 justify-center')}
            onSelect={() => navigate('/viewer/events')}
          >
            {t('alerts.allEvents')}
          </Menu.Item>
        </div>
      </MenuContent>
    </MenuRoot>
  );
}

import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import '../translations.ts';
import { DeliveriesPanel } from './deliveries-panel.tsx';
import { RulesPanel } from './rules-panel.tsx';
import { type TabDef, Tabs } from '../../../components/ui/tabs.tsx';
import { WebhooksPanel } from './webhooks-panel.tsx';

const TABS = ['rules', 'webhooks', 'deliveries'] as const;
type Tab = (typeof TABS)[number];
/** The open tab lives in the URL, so a reload or a shared link lands on the same one. */
const PARAM = 'notifications';

/**
 * The workspace's notifications for the people who run it (owners count as managers, and admins):
 * rules, webhooks and MQTT, and the delivery log. Renders nothing for anyone else.
 */
export function WorkspaceNotifications() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  if (!session.hasAnyRole(['manager', 'admin'])) return null;

  const asked = params.get(PARAM);
  const selected: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'rules';
  const select = (tab: Tab) => {
    const next = new URLSearchParams(params);
    next.set(PARAM, tab);
    setParams(next, { replace: true });
  };
  const tabs: TabDef<Tab>[] = TABS.map((id) => ({ id, label: t(`notifications.tab.${id}`) }));

  return (
    <section
      aria-labelledby="workspace-notifications"
      className="mt-6 rounded-lg border border-line bg-surface p-4 sm:p-6"
      data-testid="workspace-notifications"
    >
      <h2 id="workspace-notifications" className="text-lg font-semibold text-fg">
        {t('notifications.title')}
      </h2>
      <p className="mb-4 text-sm text-muted">{t('notifications.description')}</p>
      <Tabs label={t('notifications.tabs')} tabs={tabs} selected={selected} onSelect={select}>
        {selected === 'rules' && <RulesPanel />}
        {selected === 'webhooks' && <WebhooksPanel />}
        {selected === 'deliveries' && <DeliveriesPanel />}
      </Tabs>
    </section>
  );
}

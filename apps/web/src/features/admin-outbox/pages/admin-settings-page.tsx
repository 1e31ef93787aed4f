import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { OutboxList } from '../components/outbox-list.tsx';

export function AdminSettingsPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  return (
    <>
      <PageHeader title={t('pages.admin.settings')} description={t('pages.admin.settings.desc')} />
      <OutboxList timeZone={me?.user.preferences.timezone ?? 'UTC'} />
    </>
  );
}

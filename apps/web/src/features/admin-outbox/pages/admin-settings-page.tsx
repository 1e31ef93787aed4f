import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { FailedJobs } from '../components/failed-jobs.tsx';
import { InstallationAlerts } from '../components/installation-alerts.tsx';
import { OutboxList } from '../components/outbox-list.tsx';
import { SignInSettings } from '../components/sign-in-settings.tsx';
import { StorageSettings } from '../components/storage-settings.tsx';

export function AdminSettingsPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  return (
    <>
      <PageHeader title={t('pages.admin.settings')} description={t('pages.admin.settings.desc')} />
      <InstallationAlerts />
      <div className="flex flex-col gap-6">
        <SignInSettings />
        <StorageSettings />
        <FailedJobs timeZone={me?.user.preferences.timezone ?? 'UTC'} />
        <OutboxList timeZone={me?.user.preferences.timezone ?? 'UTC'} />
      </div>
    </>
  );
}

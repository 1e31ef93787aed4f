import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { FailedJobs } from '../components/failed-jobs.tsx';
import { OutboxList } from '../components/outbox-list.tsx';
import { SignInSettings } from '../components/sign-in-settings.tsx';

export function AdminSettingsPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  return (
    <>
      <PageHeader title={t('pages.admin.settings')} description={t('pages.admin.settings.desc')} />
      <div className="flex flex-col gap-6">
        <SignInSettings />
        <FailedJobs timeZone={me?.user.preferences.timezone ?? 'UTC'} />
        <OutboxList timeZone={me?.user.preferences.timezone ?? 'UTC'} />
      </div>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
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
        <OutboxList timeZone={me?.user.preferences.timezone ?? 'UTC'} />
      </div>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { browserTimeZone } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { smsSettingsQuery } from '../api.ts';
import { MessagesLog } from '../components/messages-log.tsx';
import { OptOutList } from '../components/opt-out-list.tsx';
import { SettingsForm } from '../components/settings-form.tsx';
import { TestSender } from '../components/test-sender.tsx';
import '../translations.ts';

/**
 * The SMS manager. Owners and managers run it (the server refuses the rest: the log holds phone
 * numbers and the account costs money); the page gate tells operators and viewers who it is for.
 */
export function SmsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const timeZone = session.me?.user.preferences.timezone ?? browserTimeZone();
  return (
    <>
      <PageHeader title={t('pages.main.sms')} description={t('sms.description')} />
      <Manager timeZone={timeZone} />
    </>
  );
}

function Manager({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const settings = useQuery(smsSettingsQuery);
  if (settings.isPending) return <Spinner label={t('app.loading')} />;
  if (settings.isError) return <Banner tone="error">{errorText(settings.error)}</Banner>;
  return (
    <div className="grid gap-6">
      <SettingsForm key={settings.data.updatedAt ?? 'new'} settings={settings.data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TestSender configured={settings.data.configured} />
        <OptOutList timeZone={timeZone} />
      </div>
      <MessagesLog timeZone={timeZone} />
    </div>
  );
}

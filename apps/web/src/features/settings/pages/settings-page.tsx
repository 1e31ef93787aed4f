import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { NotificationsCard } from '../components/notifications-card.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { PhotoForm } from '../components/photo-form.tsx';
import { PreferencesForm } from '../components/preferences-form.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { WorkspaceCard } from '../components/workspace-card.tsx';

/** `extra`: what the shell adds below the person's own settings (the workspace's notifications). */
export function SettingsPage({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  const { me, hasAnyRole } = useSession();
  if (!me) return null;
  const user = me.user;
  return (
    <>
      <PageHeader title={t('pages.viewer.settings')} description={t('pages.viewer.settings.desc')} />
      <div className="grid gap-6 lg:grid-cols-2">
        {/* Keyed by the document's update stamp so a change made elsewhere refills the forms. */}
        <ProfileForm key={`profile-${user.updatedAt}`} user={user} />
        <PhotoForm user={user} />
        <PreferencesForm key={`prefs-${user.updatedAt}`} user={user} />
        <PasswordForm />
        <NotificationsCard user={user} />
        {hasAnyRole(['manager', 'admin']) && <WorkspaceCard workspace={me.workspace} />}
      </div>
      {extra}
    </>
  );
}

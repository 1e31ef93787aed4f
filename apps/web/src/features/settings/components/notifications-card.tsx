import type { UserDoc } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import '../translations.ts';
import { DeviceList } from './device-list.tsx';
import { NotificationsForm } from './notifications-form.tsx';
import { ThisDevice } from './this-device.tsx';

/** Each person's own notification preferences, this device's web push, and their devices. */
export function NotificationsCard({ user }: { user: UserDoc }) {
  const { t } = useTranslation();
  return (
    <Card title={t('notify.title')} className="lg:col-span-2">
      <p className="mb-4 text-sm text-muted">{t('notify.intro')}</p>
      <div className="grid gap-6 md:grid-cols-2">
        {/* Keyed by the document's update stamp so a change made elsewhere refills the form. */}
        <NotificationsForm key={`notify-${user.updatedAt}`} user={user} />
        <div className="flex flex-col gap-6">
          <ThisDevice pushEnabled={user.preferences.notifications.push} />
          <DeviceList timeZone={user.preferences.timezone} />
        </div>
      </div>
    </Card>
  );
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ToastProvider } from '../components/ui/toast.tsx';
import { initI18n, setLanguage } from '../lib/i18n.ts';
import { refreshPush, watchSubscriptionChanges } from '../lib/push.ts';
import { applyTheme, readLanguage, readTheme } from '../lib/preferences.ts';
import { useSession } from '../lib/session/session-context.ts';
import { SessionProvider } from '../lib/session/session-provider.tsx';

/** Applies the signed-in user's theme and language the moment the document changes. */
function PreferencesSync() {
  const { me } = useSession();
  const theme = me?.user.preferences.theme;
  const language = me?.user.preferences.language;
  useEffect(() => {
    if (theme) applyTheme(readTheme(theme));
  }, [theme]);
  useEffect(() => {
    if (language) void setLanguage(readLanguage(language));
  }, [language]);
  return null;
}

/** Each start of the signed-in app re-saves this device's push subscription (and renews it weekly). */
function PushSync() {
  const { me } = useSession();
  const uid = me?.user.uid;
  useEffect(() => {
    if (uid) void refreshPush().catch((err: unknown) => console.warn('push subscription not refreshed', err));
  }, [uid]);
  useEffect(() => (uid ? watchSubscriptionChanges() : undefined), [uid]);
  return null;
}

function LocalisedToasts({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ToastProvider dismissLabel={t('toast.dismiss')} regionLabel={t('toast.region')}>
      {children}
    </ToastProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  const i18n = initI18n();
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <PreferencesSync />
          <PushSync />
          <LocalisedToasts>{children}</LocalisedToasts>
        </SessionProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

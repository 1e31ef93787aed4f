import { useQuery } from '@tanstack/react-query';
import type { SecuritySession } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { sessionsQuery, useSignOutOthers, useSignOutSession } from '../api.ts';
import { clientLabel } from './client-label.ts';

/** The person's own sessions: where they are signed in, sign out one, or all but this one. */
export function SessionsCard({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const sessions = useQuery(sessionsQuery);
  const others = useSignOutOthers();
  // Held here, not by the row: the row leaves the list when it succeeds, and its toast must not go with it.
  const signOut = useSignOutSession();
  const signOutOne = (id: string) =>
    signOut.mutate(id, {
      onSuccess: () => toast({ kind: 'success', text: t('security.sessions.signedOut') }),
      onError: (e) => toast({ kind: 'error', text: errorText(e) }),
    });
  const [confirming, setConfirming] = useState(false);
  const otherCount = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card title={t('security.sessions.title')}>
      <p className="mb-4 text-sm text-muted">{t('security.sessions.intro')}</p>
      {sessions.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : sessions.isError ? (
        <Banner tone="error">{errorText(sessions.error)}</Banner>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-line" data-testid="sessions">
            {sessions.data.map((s) => (
              <SessionRow
                key={s.id}
                session={s}
                timeZone={timeZone}
                busy={signOut.isPending && signOut.variables === s.id}
                onSignOut={() => signOutOne(s.id)}
              />
            ))}
          </ul>
          <div className="mt-4">
            <Button variant="secondary" disabled={otherCount === 0} onClick={() => setConfirming(true)}>
              {t('security.sessions.signOutOthers')}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('security.sessions.signOutOthers')}
        description={t('security.sessions.signOutOthersConfirm', { count: otherCount })}
        confirmLabel={t('security.sessions.signOutOthers')}
        cancelLabel={t('common.cancel')}
        confirmVariant="danger"
        busy={others.isPending}
        onConfirm={() =>
          others.mutate(undefined, {
            onSuccess: (r) => {
              setConfirming(false);
              toast({ kind: 'success', text: t('security.sessions.signedOutOthers', { count: r.signedOut }) });
            },
            onError: (e) => toast({ kind: 'error', text: errorText(e) }),
          })
        }
      />
    </Card>
  );
}

function SessionRow({
  session: s,
  timeZone,
  busy,
  onSignOut,
}: {
  session: SecuritySession;
  timeZone: string;
  busy: boolean;
  onSignOut(): void;
}) {
  const { t, i18n } = useTranslation();
  const label = clientLabel(t, s);
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="session">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-fg">
          {label}
          {s.current && (
            <span className="ml-2 inline-block rounded-full bg-ok-bg px-2 py-0.5 text-xs font-medium text-ok-fg">
              {t('security.sessions.current')}
            </span>
          )}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-muted">
          <dt>{t('security.sessions.device')}</dt>
          <dd className="text-fg">{t(`security.device.${s.deviceType}`)}</dd>
          <dt>{t('security.address')}</dt>
          <dd className="font-mono break-all text-fg">{s.address ?? '—'}</dd>
          <dt>{t('security.sessions.signedIn')}</dt>
          <dd className="text-fg">
            <time dateTime={s.signedInAt}>{formatDateTime(s.signedInAt, timeZone, i18n.language)}</time>
          </dd>
          <dt>{t('security.sessions.lastActive')}</dt>
          <dd className="text-fg">
            <time dateTime={s.lastActiveAt}>{formatDateTime(s.lastActiveAt, timeZone, i18n.language)}</time>
          </dd>
          <dt>{t('security.sessions.workspace')}</dt>
          <dd className="break-words text-fg">{s.workspace.name}</dd>
        </dl>
      </div>
      {!s.current && (
        <Button
          variant="secondary"
          className="self-start"
          busy={busy}
          aria-label={t('security.sessions.signOutLabel', { client: label, address: s.address ?? '' })}
          onClick={onSignOut}
        >
          {t('security.sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

import type { Invitation } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useResendInvitation, useRevokeInvitation } from '../api.ts';
import { roleLabel } from './role-label.ts';

export function InvitationsList({ items, timeZone }: { items: Invitation[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  if (items.length === 0) return <p className="text-sm text-muted">{t('team.noInvitations')}</p>;
  return (
    <ul className="grid gap-3">
      {items.map((inv) => (
        <li
          key={inv.id}
          className="grid gap-2 rounded-lg border border-line bg-surface p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] md:items-center"
        >
          <div className="min-w-0">
            <p className="truncate font-medium text-fg">{inv.email}</p>
            <p className="text-xs text-muted">
              {t('team.col.expires')} {formatDateTime(inv.expiresAt, timeZone, i18n.language)}
              {inv.invitedBy && ` · ${t('team.col.invitedBy')} ${inv.invitedBy.displayName}`}
            </p>
          </div>
          <span className="text-sm text-fg">{roleLabel(t, inv.role)}</span>
          <div className="flex flex-wrap gap-2 md:justify-end">
            <Button
              variant="secondary"
              aria-label={t('team.resendOf', { email: inv.email })}
              busy={resend.isPending && resend.variables === inv.id}
              onClick={() =>
                resend.mutate(inv.id, {
                  onSuccess: () => toast({ kind: 'success', text: t('team.resent', { email: inv.email }) }),
                  onError: (err) => toast({ kind: 'error', text: errorText(err) }),
                })
              }
            >
              {t('team.resend')}
            </Button>
            <Button
              variant="ghost"
              aria-label={t('team.revokeOf', { email: inv.email })}
              busy={revoke.isPending && revoke.variables === inv.id}
              onClick={() =>
                revoke.mutate(inv.id, {
                  onSuccess: () => toast({ kind: 'success', text: t('team.revoked', { email: inv.email }) }),
                  onError: (err) => toast({ kind: 'error', text: errorText(err) }),
                })
              }
            >
              {t('team.revoke')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

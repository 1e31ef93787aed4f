import { useQuery } from '@tanstack/react-query';
import type { TwoFactorSetup, TwoFactorStatus } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { twoFactorQuery, useSetupTwoFactor, useWorkspacePolicy } from '../api.ts';
import { DisableDialog, RegenerateDialog } from './two-factor-dialogs.tsx';
import { EnrolPanel } from './enrol-panel.tsx';
import { RecoveryCodesPanel } from './recovery-codes.tsx';

/** Two-factor authentication: enrol, recovery codes (shown once), turn off, and the workspace's requirement. */
export function TwoFactorCard({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const status = useQuery(twoFactorQuery);
  return (
    <Card title={t('security.twoFactor.title')}>
      {status.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : status.isError ? (
        <Banner tone="error">{errorText(status.error)}</Banner>
      ) : (
        <TwoFactorBody status={status.data} timeZone={timeZone} />
      )}
    </Card>
  );
}

function TwoFactorBody({ status, timeZone }: { status: TwoFactorStatus; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const errorText = useErrorText();
  const setup = useSetupTwoFactor();
  const [enrolling, setEnrolling] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'disable' | 'regenerate' | null>(null);

  if (codes)
    return (
      <RecoveryCodesPanel
        codes={codes}
        onDone={() => {
          setCodes(null);
          // The document now says two-factor is on: a member it held back may leave this page.
          session.refresh();
        }}
      />
    );
  if (enrolling)
    return (
      <EnrolPanel
        setup={enrolling}
        onEnabled={(c) => {
          setEnrolling(null);
          setCodes(c);
        }}
        onCancel={() => setEnrolling(null)}
      />
    );

  return (
    <div className="flex flex-col gap-4">
      {status.enabled ? (
        <>
          <p className="text-sm text-fg" data-testid="two-factor-state">
            <span className="mr-2 inline-block rounded-full bg-ok-bg px-2 py-0.5 text-xs font-medium text-ok-fg">
              {t('security.twoFactor.on')}
            </span>
            {t('security.twoFactor.onSince', { date: formatDate(status.enabledAt, timeZone, i18n.language) })}
          </p>
          <p className="text-sm text-muted">{t('security.twoFactor.codesLeft', { count: status.recoveryCodesLeft })}</p>
          {status.recoveryCodesLeft <= 2 && <Banner tone="warning">{t('security.twoFactor.codesLow')}</Banner>}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setDialog('regenerate')}>
              {t('security.recovery.regenerate')}
            </Button>
            <Button variant="danger" onClick={() => setDialog('disable')}>
              {t('security.twoFactor.disable')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-fg" data-testid="two-factor-state">
            {t('security.twoFactor.offIntro')}
          </p>
          {setup.isError && <Banner tone="error">{errorText(setup.error)}</Banner>}
          <div>
            <Button busy={setup.isPending} onClick={() => setup.mutate(undefined, { onSuccess: setEnrolling })}>
              {t('security.twoFactor.enable')}
            </Button>
          </div>
        </>
      )}
      <PolicySwitch status={status} />
      <RegenerateDialog
        open={dialog === 'regenerate'}
        onOpenChange={(open) => setDialog(open ? 'regenerate' : null)}
        onCodes={(c) => {
          setDialog(null);
          setCodes(c);
        }}
      />
      <DisableDialog open={dialog === 'disable'} onOpenChange={(open) => setDialog(open ? 'disable' : null)} />
    </div>
  );
}

/** Owners and managers: require two-factor of every member of the current workspace. */
function PolicySwitch({ status }: { status: TwoFactorStatus }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const policy = useWorkspacePolicy();
  const { workspace } = status;
  if (!workspace.canChangePolicy)
    return workspace.requireTwoFactor ? (
      <p className="text-sm text-muted">{t('security.policy.requiredBy', { workspace: workspace.name })}</p>
    ) : null;
  const blocked = !status.enabled && !workspace.requireTwoFactor;
  return (
    <div className="border-t border-line pt-3">
      <SwitchField
        label={t('security.policy.label')}
        description={blocked ? t('security.policy.needOwn') : t('security.policy.hint', { workspace: workspace.name })}
        checked={workspace.requireTwoFactor}
        disabled={blocked || policy.isPending}
        onCheckedChange={(requireTwoFactor) =>
          policy.mutate(
            { requireTwoFactor },
            {
              onSuccess: () =>
                toast({
                  kind: 'success',
                  text: t(requireTwoFactor ? 'security.policy.onSaved' : 'security.policy.offSaved'),
                }),
              onError: (e) => toast({ kind: 'error', text: errorText(e) }),
            },
          )
        }
      />
    </div>
  );
}

import { type AuthResult, MIN_PASSWORD_LENGTH, dashboardPathFor } from '@vigil/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { request, unwrap } from '../../../lib/api-client.ts';
import { browserTimeZone, formatDateTime } from '../../../lib/format.ts';
import { readLanguage } from '../../../lib/preferences.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { acceptInvitation, invitationPreviewQuery } from '../api.ts';
import { roleLabel } from '../components/role-label.ts';
import '../translations.ts';

/** Where an invitation link lands: accept with the account you are signed in with, sign in, or sign up. */
export function InvitePage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const preview = useQuery({ ...invitationPreviewQuery(token), enabled: token.length >= 20 });
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string>();

  const joined = (workspace: string) => {
    toast({ kind: 'success', text: t('invite.accepted', { workspace }) });
    session.refresh();
    // Into the workspace joined, on the dashboard of the role the invitation gives.
    navigate(preview.data ? dashboardPathFor(preview.data.role) : '/dashboard', { replace: true });
  };
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: (r) => joined(r.workspaceName),
  });
  const signUp = useMutation({
    mutationFn: async () =>
      unwrap(
        await request<AuthResult>('POST', '/api/v1/auth/sign-up', {
          email: preview.data!.email,
          password,
          displayName: displayName.trim(),
          timezone: browserTimeZone(),
          language: readLanguage(i18n.language),
          invitationToken: token,
        }),
      ),
    onSuccess: (result) => {
      session.setSession(result);
      joined(result.workspace.name);
    },
    onError: (err) => setFormError(errorText(err)),
  });

  if (token.length < 20)
    return (
      <Shell title={t('invite.title')}>
        <Banner tone="error">{t('invite.missing')}</Banner>
      </Shell>
    );
  if (preview.isPending)
    return (
      <Shell title={t('invite.title')}>
        <Spinner label={t('app.loading')} />
      </Shell>
    );
  if (preview.isError)
    return (
      <Shell title={t('invite.title')}>
        <Banner tone="error">{errorText(preview.error)}</Banner>
      </Shell>
    );

  const p = preview.data;
  const here = `/invite?token=${encodeURIComponent(token)}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return setFormError(t('errors.auth/weak-password'));
    setFormError(undefined);
    signUp.mutate();
  };
  return (
    <Shell title={t('invite.title')}>
      <p className="text-fg">
        {t('invite.offer', { inviter: p.invitedBy, workspace: p.workspaceName, role: roleLabel(t, p.role) })}
      </p>
      <p className="text-sm text-muted">
        {t('invite.for', { email: p.email })}{' '}
        {t('invite.expires', { date: formatDateTime(p.expiresAt, undefined, i18n.language) })}
      </p>
      {session.user ? (
        <>
          {session.user.email.toLowerCase() !== p.email.toLowerCase() && (
            <p className="text-sm text-muted">{t('invite.otherAccount', { email: session.user.email })}</p>
          )}
          {accept.isError && <Banner tone="error">{errorText(accept.error)}</Banner>}
          <Button busy={accept.isPending} onClick={() => accept.mutate()}>
            {t('invite.accept', { workspace: p.workspaceName })}
          </Button>
        </>
      ) : p.accountExists ? (
        <Link className={buttonClass('primary')} to={`/auth/login?redirect=${encodeURIComponent(here)}`}>
          {t('invite.signIn')}
        </Link>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          <h2 className="text-lg font-semibold text-fg">{t('invite.signUpTitle')}</h2>
          {formError && <Banner tone="error">{formError}</Banner>}
          <TextField label={t('auth.email')} type="email" value={p.email} readOnly />
          <TextField
            label={t('invite.displayName')}
            autoComplete="name"
            required
            maxLength={80}
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
          />
          <PasswordField
            label={t('invite.password')}
            autoComplete="new-password"
            required
            value={password}
            onValueChange={setPassword}
          />
          <Button type="submit" busy={signUp.isPending}>
            {t('invite.signUp')}
          </Button>
        </form>
      )}
    </Shell>
  );
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10">
      <Card>
        <div className="grid gap-4">
          <h1 className="text-2xl font-semibold text-fg">{title}</h1>
          {children}
        </div>
      </Card>
    </div>
  );
}

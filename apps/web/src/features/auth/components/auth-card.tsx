import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type BoundFieldProps, TextField } from '../../../components/ui/text-field.tsx';

/** The centred card every auth page shares. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-lg border border-line bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-fg">{title}</h1>
        {intro && <p className="mt-2 text-sm text-muted">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-error-bg px-3 py-2 text-sm text-error-fg">
      {message}
    </p>
  );
}

/** Under the card: the way to the other auth page, after a question when there is one ("No account yet?"). */
export function AuthFooterLink({ lead, to, children }: { lead?: string; to: string; children: ReactNode }) {
  return (
    <p className={lead ? 'mt-6 text-center text-sm text-muted' : 'mt-6 text-center text-sm'}>
      {lead && `${lead} `}
      <Link to={to} className="font-medium text-primary underline underline-offset-4">
        {children}
      </Link>
    </p>
  );
}

/** The account's email, as signing in, signing up and a password reset ask for it. */
export function EmailField(props: BoundFieldProps) {
  const { t } = useTranslation();
  return <TextField label={t('auth.email')} type="email" name="email" autoComplete="email" required {...props} />;
}

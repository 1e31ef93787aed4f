import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { telHref, useSupportContact } from '../../lib/support.ts';

const linkClass = 'font-medium text-primary underline underline-offset-2';

/**
 * "Need help? help@… · +33 …": the installation's support contact where people look for help
 * (about, error and refusal pages, the account menu). Nothing when the installation set none.
 */
export function SupportContact({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const support = useSupportContact();
  if (!support) return null;
  return (
    <p className={cn('text-sm text-muted', className)} data-testid="support-contact">
      {!compact && <span>{t('help.needHelp')} </span>}
      {support.email && (
        <a className={linkClass} href={`mailto:${support.email}`}>
          {support.email}
        </a>
      )}
      {support.email && support.phone && <span aria-hidden="true"> · </span>}
      {support.phone && (
        <a className={linkClass} href={telHref(support.phone)}>
          {support.phone}
        </a>
      )}
    </p>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';

/** A bare page (no layout) with a message and the way home. */
export function StatusFrame({
  code,
  title,
  body,
  extra,
  help,
}: {
  code: string;
  title: string;
  body: string;
  extra?: ReactNode;
  /** Whom to ask (the installation's support contact). */
  help?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex min-h-[80vh] items-center justify-center px-4">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-primary">{code}</p>
        <h1 className="mt-2 text-3xl font-bold text-fg">{title}</h1>
        <p className="mt-3 text-muted">{body}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClass('primary')}>
            {t('system.home')}
          </Link>
          {extra}
        </div>
        {help && <div className="mt-6">{help}</div>}
      </div>
    </main>
  );
}

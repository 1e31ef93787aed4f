import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useUnsubscribe } from '../api.ts';
import '../translations.ts';

/**
 * Where a notification mail's unsubscribe link lands. Opening it changes nothing (mail scanners
 * open every link): the page says what will happen and a button does it, no sign-in needed.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const u = params.get('u') ?? '';
  const token = params.get('t') ?? '';
  const unsubscribe = useUnsubscribe();
  // A forged or damaged link answers permission-denied; a malformed one invalid-argument.
  const failure =
    unsubscribe.error instanceof ApiError && ['permission-denied', 'invalid-argument'].includes(unsubscribe.error.code)
      ? t('unsubscribe.invalid')
      : unsubscribe.isError
        ? errorText(unsubscribe.error)
        : null;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-lg border border-line bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-fg">{t('unsubscribe.title')}</h1>
        <div className="mt-4 flex flex-col gap-4">
          {!u || !token ? (
            <Banner tone="warning">{t('unsubscribe.missing')}</Banner>
          ) : unsubscribe.isSuccess ? (
            <Banner tone="success">{t('unsubscribe.done', { email: unsubscribe.data.email })}</Banner>
          ) : (
            <>
              <p className="text-sm text-muted">{t('unsubscribe.intro')}</p>
              {failure && <Banner tone="error">{failure}</Banner>}
              <Button busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ u, t: token })}>
                {t('unsubscribe.confirm')}
              </Button>
            </>
          )}
        </div>
        <p className="mt-6 text-center text-sm">
          <Link
            to={`/auth/login?redirect=${encodeURIComponent('/viewer/settings')}`}
            className="font-medium text-primary underline underline-offset-4"
          >
            {t('unsubscribe.manage')}
          </Link>
        </p>
      </div>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { smsOptOutsQuery, useRemoveOptOut } from '../api.ts';

/** Numbers that replied STOP; a manager may allow one again (the person asked another way). */
export function OptOutList({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const query = useQuery(smsOptOutsQuery);
  const remove = useRemoveOptOut();
  const allow = (phone: string) =>
    remove.mutate(phone, {
      onSuccess: () => toast({ kind: 'success', text: t('sms.optOuts.allowed', { phone }) }),
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });
  const items = query.data?.items ?? [];
  return (
    <Card title={t('sms.optOuts.title')}>
      <p className="mb-3 text-sm text-muted">{t('sms.optOuts.hint')}</p>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{errorText(query.error)}</Banner>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t('sms.optOuts.empty')}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="sms-opt-outs">
          {items.map((o) => (
            <li key={o.phone} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-mono text-fg">{o.phone}</span>{' '}
                <span className="text-muted">
                  {t('sms.optOuts.since', { date: formatDateTime(o.at, timeZone, i18n.language) })}
                </span>
              </span>
              <Button
                variant="secondary"
                busy={remove.isPending && remove.variables === o.phone}
                aria-label={t('sms.optOuts.allowNamed', { phone: o.phone })}
                onClick={() => allow(o.phone)}
              >
                {t('sms.optOuts.allow')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

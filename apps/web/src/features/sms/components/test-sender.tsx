import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { loadPhoneCheck } from '../../../lib/phone-check.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useSendTestSms } from '../api.ts';
import { StatusBadge } from './status-badge.tsx';

/** "Send test": one message now through the saved account, shown with its result (and in the log). */
export function TestSender({ configured }: { configured: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const send = useSendTestSms();
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = (await loadPhoneCheck())(to.trim());
    setProblem(bad ? t('sms.phoneInvalid') : undefined);
    if (!bad) send.mutate(to.trim());
  };
  const result = send.data;
  return (
    <Card title={t('sms.test.title')}>
      <p className="mb-3 text-sm text-muted">{t(configured ? 'sms.test.hint' : 'sms.test.notConfigured')}</p>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2">
        <TextField
          className="w-full sm:w-64"
          label={t('sms.test.to')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+33612345678"
          value={to}
          onChange={(e) => {
            setTo(e.target.value);
            setProblem(undefined);
            send.reset();
          }}
          error={problem}
        />
        <Button type="submit" className="sm:mt-6" busy={send.isPending} disabled={!configured}>
          {t('sms.test.send')}
        </Button>
      </form>
      {send.isError && (
        <Banner tone="error" className="mt-3" data-testid="sms-test-error">
          {errorText(send.error)}
        </Banner>
      )}
      {result && (
        <div
          className="mt-3 flex flex-wrap items-center gap-2 text-sm text-fg"
          role="status"
          data-testid="sms-test-result"
        >
          {t('sms.test.result', { to: result.to })} <StatusBadge status={result.status} />
          {result.error && <span className="text-danger">{result.error}</span>}
        </div>
      )}
    </Card>
  );
}

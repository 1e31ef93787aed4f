import type { TwoFactorSetup } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useEnableTwoFactor } from '../api.ts';

/** The secret in groups of four, easier to type from a phone. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Enrolment: scan the QR code (or type the key), then confirm with the app's current code. */
export function EnrolPanel({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled(codes: string[]): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    enable.mutate(code.trim(), { onSuccess: (r) => onEnabled(r.recoveryCodes) });
  };
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm text-fg">
        <li>
          <p>{t('security.enrol.scan')}</p>
          <img
            src={setup.qrCode}
            alt={t('security.enrol.qrAlt')}
            width={192}
            height={192}
            className="mt-3 rounded-md border border-line bg-white p-2"
          />
          <p className="mt-3 text-muted">{t('security.enrol.manual')}</p>
          <code
            data-testid="totp-secret"
            data-secret={setup.secret}
            className="mt-1 inline-block rounded bg-sunken px-2 py-1 font-mono text-sm break-all text-fg"
          >
            {grouped(setup.secret)}
          </code>
        </li>
        <li>
          <form onSubmit={submit} noValidate className="flex flex-col gap-3">
            <TextField
              label={t('security.enrol.code')}
              hint={t('security.enrol.codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={enable.isError ? errorText(enable.error) : undefined}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" busy={enable.isPending} disabled={code.trim().length < 6}>
                {t('security.enrol.confirm')}
              </Button>
              <Button variant="secondary" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

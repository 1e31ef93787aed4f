import { useTranslation } from 'react-i18next';

/** What a receiver runs; code, so not translated. */
const EXAMPLE = `const [t, v1] = req.headers['x-vigil-signature']
  .split(',').map((p) => p.split('=')[1]);
const mac = crypto.createHmac('sha256', SECRET)
  .update(\`\${t}.\${rawBody}\`).digest('hex');
const fresh = Math.abs(Date.now() / 1000 - Number(t)) < 300;
const ok = fresh && crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(v1));`;

/** How a receiver checks a delivery's signature, replay window and duplicate retries. */
export function VerifyHelp() {
  const { t } = useTranslation();
  const code = (text: string) => <code className="rounded bg-sunken px-1 font-mono text-xs break-all">{text}</code>;
  const [before, after] = t('notifications.verify.signature', { header: '\u0000' }).split('\u0000');
  const [dBefore, dAfter] = t('notifications.verify.dedupe', { header: '\u0000' }).split('\u0000');
  return (
    <details className="rounded-md border border-line p-3 text-sm text-fg">
      <summary className="cursor-pointer font-medium">{t('notifications.verify.title')}</summary>
      <div className="mt-2 flex flex-col gap-2">
        <p>
          {before}
          {code('X-Vigil-Signature: t=<unix>,v1=<hex>')}
          {after}
        </p>
        <p>{t('notifications.verify.check')}</p>
        <p>
          {dBefore}
          {code('X-Vigil-Delivery')}
          {dAfter}
        </p>
        <p className="font-medium">{t('notifications.verify.example')}</p>
        <pre className="rounded bg-sunken p-2 font-mono text-xs break-all whitespace-pre-wrap">{EXAMPLE}</pre>
      </div>
    </details>
  );
}

import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { saveBlob } from '../../../lib/download.ts';

/** The recovery codes, shown this once: copy them, download them as a text file, then close. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const text = `${t('security.recovery.fileIntro')}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ kind: 'success', text: t('security.recovery.copied') });
    } catch {
      toast({ kind: 'error', text: t('security.recovery.copyFailed') });
    }
  };
  const download = () => saveBlob(new Blob([text], { type: 'text/plain' }), 'vigil-recovery-codes.txt');
  return (
    <section aria-labelledby="recovery-codes-title" className="flex flex-col gap-4">
      <h3 id="recovery-codes-title" className="text-base font-semibold text-fg">
        {t('security.recovery.title')}
      </h3>
      <Banner tone="warning">{t('security.recovery.once')}</Banner>
      <ol
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-md border border-line bg-sunken p-4 font-mono text-sm text-fg sm:grid-cols-2"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('security.recovery.copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t('security.recovery.download')}
        </Button>
        <Button onClick={onDone}>{t('security.recovery.done')}</Button>
      </div>
    </section>
  );
}

import type { CreatedApiKey } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';

/** The new key, once: selectable, copyable, and gone when the dialog closes. */
export function ShownKey({ created, onDone }: { created: CreatedApiKey; onDone(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      toast({ kind: 'success', text: t('apiKeys.shown.copied') });
    } catch {
      toast({ kind: 'error', text: t('apiKeys.shown.copyFailed') });
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <Banner tone="warning">{t('apiKeys.shown.warning')}</Banner>
      <div className="flex flex-col gap-1">
        <label htmlFor="api-key-value" className="text-sm font-medium text-fg">
          {t('apiKeys.shown.label', { name: created.name })}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="api-key-value"
            data-testid="api-key-value"
            readOnly
            value={created.key}
            className={`${inputClass} font-mono`}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="secondary" onClick={copy}>
            {t('apiKeys.shown.copy')}
          </Button>
        </div>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('apiKeys.shown.done')}</Button>
      </div>
    </div>
  );
}

import type { Webhook } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { type TestResult, useTestWebhook, useUpdateWebhook } from '../api.ts';
import { InlineSwitch } from './inline-switch.tsx';

/** One webhook: where, which kinds, the secret's last characters, on/off, a test send and its answer. */
export function WebhookItem({ hook, onDelete }: { hook: Webhook; onDelete(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateWebhook();
  const test = useTestWebhook();

  const answer = (r: TestResult) => {
    if (r.ok)
      return r.code === null
        ? t('notifications.webhooks.testOkNoCode')
        : t('notifications.webhooks.testOk', { code: r.code });
    const error = r.error ?? '';
    return r.code === null
      ? t('notifications.webhooks.testFailed', { error })
      : t('notifications.webhooks.testFailedCode', { code: r.code, error });
  };
  const kinds = hook.kinds.length
    ? hook.kinds.map((k) => t(`notifications.kind.${k}`)).join(', ')
    : t('notifications.webhooks.kindsAll');

  return (
    <li data-testid="webhook-item" className="flex flex-col gap-2 rounded-md border border-line p-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all text-fg">{hook.url}</p>
          <p className="text-sm text-muted">
            {kinds} · {t('notifications.webhooks.secretShown', { hint: hook.secretHint })}
          </p>
        </div>
        <InlineSwitch
          label={t('notifications.webhooks.enableLabel', { url: hook.url })}
          checked={hook.enabled}
          onCheckedChange={(enabled) =>
            update.mutate(
              { hookId: hook.id, patch: { enabled } },
              { onError: (err) => toast({ kind: 'error', text: errorText(err) }) },
            )
          }
          disabled={update.isPending}
          onText={t('notifications.on')}
          offText={t('notifications.off')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          className="px-3"
          busy={test.isPending}
          aria-label={t('notifications.webhooks.testLabel', { url: hook.url })}
          onClick={() => test.mutate(hook.id)}
        >
          {t('notifications.webhooks.test')}
        </Button>
        <Button
          variant="ghost"
          className="px-3 text-danger"
          aria-label={t('notifications.webhooks.deleteLabel', { url: hook.url })}
          onClick={onDelete}
        >
          {t('notifications.delete')}
        </Button>
        <p aria-live="polite" className="min-w-0 text-sm break-words" data-testid="webhook-test-result">
          {test.data && <span className={test.data.ok ? 'text-ok-fg' : 'text-danger'}>{answer(test.data)}</span>}
          {test.error && <span className="text-danger">{errorText(test.error)}</span>}
        </p>
      </div>
    </li>
  );
}

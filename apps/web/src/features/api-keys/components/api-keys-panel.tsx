import type { ApiKey } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { browserTimeZone } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { apiKeysQuery, useRevokeApiKey } from '../api.ts';
import '../translations.ts';
import { ApiKeyItem } from './api-key-item.tsx';
import { CreateKeyDialog } from './create-key-dialog.tsx';

/**
 * The workspace's API keys for the /security page: owners and managers (and admins) list, create
 * and revoke them. Renders nothing for anyone else (the server refuses them too).
 */
export function ApiKeysPanel() {
  const session = useSession();
  if (!session.user || !session.hasAnyRole(['manager', 'admin'])) return null;
  return <Keys role={session.user.role} timeZone={session.me?.user.preferences.timezone ?? browserTimeZone()} />;
}

function Keys({ role, timeZone }: { role: string; timeZone: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const keys = useQuery(apiKeysQuery);
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast({ kind: 'success', text: t('apiKeys.revoked', { name: revoking.name }) });
        setRevoking(null);
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });
  };

  return (
    <section
      aria-labelledby="api-keys-heading"
      className="rounded-lg border border-line bg-surface p-4 sm:p-6"
      data-testid="api-keys-panel"
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <h2 id="api-keys-heading" className="text-lg font-semibold text-fg">
            {t('apiKeys.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('apiKeys.intro')}</p>
        </div>
        <Button onClick={() => setCreating(true)}>{t('apiKeys.create')}</Button>
      </div>
      {keys.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : keys.isError ? (
        <Banner tone="error">{errorText(keys.error)}</Banner>
      ) : keys.data.length === 0 ? (
        <p className="rounded-md border border-line p-4 text-center text-sm text-muted">{t('apiKeys.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('apiKeys.listLabel')}>
          {keys.data.map((k) => (
            <ApiKeyItem key={k.id} apiKey={k} timeZone={timeZone} onRevoke={() => setRevoking(k)} />
          ))}
        </ul>
      )}
      <CreateKeyDialog open={creating} onOpenChange={setCreating} role={role} timeZone={timeZone} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('apiKeys.confirm.title')}
        description={t('apiKeys.confirm.body', { name: revoking?.name ?? '', prefix: revoking?.prefix ?? '' })}
        confirmLabel={t('apiKeys.revoke')}
        cancelLabel={t('apiKeys.cancel')}
        confirmVariant="danger"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </section>
  );
}

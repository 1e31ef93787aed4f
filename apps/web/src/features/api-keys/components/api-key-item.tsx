import type { ApiKey } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

/** One key: its name, role and first characters, who made it when, its expiry and last use. */
export function ApiKeyItem({ apiKey, timeZone, onRevoke }: { apiKey: ApiKey; timeZone: string; onRevoke(): void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const expiry = apiKey.expiresAt
    ? t(apiKey.expired ? 'apiKeys.expired' : 'apiKeys.expires', { date: formatDate(apiKey.expiresAt, timeZone, lang) })
    : t('apiKeys.neverExpires');
  const used = apiKey.lastUsedAt
    ? t(apiKey.lastUsedIp ? 'apiKeys.lastUsedFrom' : 'apiKeys.lastUsed', {
        date: formatDateTime(apiKey.lastUsedAt, timeZone, lang),
        ip: apiKey.lastUsedIp,
      })
    : t('apiKeys.neverUsed');
  return (
    <li
      data-testid="api-key-item"
      className="flex flex-col gap-3 rounded-md border border-line p-3 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all text-fg">{apiKey.name}</span>
          <span
            className="rounded-full bg-sunken px-2 py-0.5 text-xs text-fg"
            title={t('apiKeys.roleBadge', { role: t(`role.${apiKey.role}`) })}
          >
            {t(`role.${apiKey.role}`)}
          </span>
          <code className="font-mono text-sm text-muted">{apiKey.prefix}…</code>
        </p>
        <p className="text-sm text-muted">
          {t('apiKeys.createdBy', {
            date: formatDate(apiKey.createdAt, timeZone, lang),
            name: apiKey.createdBy.displayName,
          })}
        </p>
        <p className="text-sm text-muted">
          <span className={apiKey.expired ? 'font-medium text-danger' : undefined}>{expiry}</span> · {used}
        </p>
      </div>
      <Button
        variant="ghost"
        className="self-start px-3 text-danger"
        aria-label={t('apiKeys.revokeNamed', { name: apiKey.name })}
        onClick={onRevoke}
      >
        {t('apiKeys.revoke')}
      </Button>
    </li>
  );
}

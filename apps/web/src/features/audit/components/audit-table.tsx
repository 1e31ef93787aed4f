import type { AuditEntry } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { actorOf, targetOf } from '../audit-model.ts';

const cell = 'border-b border-line px-3 py-2 text-left align-top';

/** The entries, newest first: when (in the person's time zone), who, what, on what, from where. */
export function AuditTable({ entries, timeZone }: { entries: AuditEntry[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[640px] border-collapse text-sm" data-testid="audit-log">
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className={cell}>
              {t('audit.col.time')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.col.person')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.col.action')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.col.target')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.col.address')}
            </th>
          </tr>
        </thead>
        <tbody className="text-fg">
          {entries.map((e) => (
            <Row key={e.id} entry={e} timeZone={timeZone} language={i18n.language} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Row({ entry: e, timeZone, language }: { entry: AuditEntry; timeZone: string; language: string }) {
  const { t } = useTranslation();
  const actor = actorOf(e);
  const target = targetOf(e);
  return (
    <tr>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={e.at}>{formatDateTime(e.at, timeZone, language, 'second')}</time>
      </td>
      <td className={`${cell} break-words`}>
        {actor.kind === 'person' ? (
          <>
            <span>{actor.name}</span>
            {actor.sub && <span className="block text-xs text-muted">{actor.sub}</span>}
          </>
        ) : (
          <span className="text-muted">
            {actor.kind === 'system'
              ? t('audit.actor.system')
              : actor.kind === 'api-key'
                ? t('audit.actor.apiKey', { id: actor.name })
                : t('audit.actor.gone', { id: actor.name })}
          </span>
        )}
      </td>
      <td className={cell}>
        {t(`audit.action.${e.action}`, { defaultValue: e.action })}
        {e.workspaceId === null && <span className="block text-xs text-muted">{t('audit.installation')}</span>}
      </td>
      <td className={`${cell} break-words`}>
        {target.type && (
          <span className="block text-xs text-muted">
            {t(`audit.target.${target.type}`, { defaultValue: target.type })}
          </span>
        )}
        {target.label}
      </td>
      <td className={`${cell} font-mono whitespace-nowrap`}>{e.ip ?? ''}</td>
    </tr>
  );
}

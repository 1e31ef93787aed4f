import type { AuditEntry } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { actorOf, summaryOf, targetOf } from '../audit-model.ts';

const cell = 'border-b border-line px-3 py-2 text-left align-top';

/**
 * The entries, newest first: when (in the person's time zone), who, what, on what, from where.
 * A table from small tablets up; on a phone each entry is a short block instead.
 */
export function AuditTable({ entries, timeZone }: { entries: AuditEntry[]; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="hidden sm:block">
        <table className="w-full border-collapse text-sm" data-testid="audit-log">
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
              <Row key={e.id} entry={e} timeZone={timeZone} />
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 sm:hidden" data-testid="audit-log-list">
        {entries.map((e) => (
          <Item key={e.id} entry={e} timeZone={timeZone} />
        ))}
      </ul>
    </>
  );
}

function useEntryParts(e: AuditEntry, timeZone: string) {
  const { t, i18n } = useTranslation();
  const actor = actorOf(e);
  const target = targetOf(e);
  const summary = summaryOf(e);
  return {
    time: <time dateTime={e.at}>{formatDateTime(e.at, timeZone, i18n.language, 'second')}</time>,
    action: t(`audit.action.${e.action}`, { defaultValue: e.action }),
    who:
      actor.kind === 'person' ? (
        <>
          <span>{actor.name}</span>
          {actor.sub && <span className="block break-all text-xs text-muted">{actor.sub}</span>}
        </>
      ) : (
        <span className="text-muted">
          {actor.kind === 'system'
            ? t('audit.actor.system')
            : actor.kind === 'api-key'
              ? t('audit.actor.apiKey', { id: actor.name })
              : t('audit.actor.gone', { id: actor.name })}
        </span>
      ),
    target: (
      <>
        {target.type && (
          <span className="block text-xs text-muted">
            {t(`audit.target.${target.type}`, { defaultValue: target.type })}
          </span>
        )}
        {target.label}
        {summary && (
          <span className="block text-xs text-muted">
            {'text' in summary
              ? summary.text
              : t(summary.key, {
                  ...summary.values,
                  reason: t(`audit.reason.${summary.values.reason}`, { defaultValue: String(summary.values.reason) }),
                })}
          </span>
        )}
      </>
    ),
    installation: e.workspaceId === null ? t('audit.installation') : null,
  };
}

function Row({ entry: e, timeZone }: { entry: AuditEntry; timeZone: string }) {
  const p = useEntryParts(e, timeZone);
  return (
    <tr>
      <td className={cell}>{p.time}</td>
      <td className={`${cell} break-words`}>{p.who}</td>
      <td className={cell}>
        {p.action}
        {p.installation && <span className="block text-xs text-muted">{p.installation}</span>}
      </td>
      <td className={`${cell} break-words`}>{p.target}</td>
      <td className={`${cell} font-mono whitespace-nowrap`}>{e.ip ?? ''}</td>
    </tr>
  );
}

function Item({ entry: e, timeZone }: { entry: AuditEntry; timeZone: string }) {
  const p = useEntryParts(e, timeZone);
  return (
    <li className="rounded-md border border-line p-3 text-sm text-fg">
      <div className="font-medium">{p.action}</div>
      <div className="text-xs text-muted">
        {p.time}
        {e.ip && <span className="ml-2 font-mono">{e.ip}</span>}
        {p.installation && <span className="ml-2">{p.installation}</span>}
      </div>
      <div className="mt-2">{p.who}</div>
      <div className="mt-2 break-words">{p.target}</div>
    </li>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';

export interface EventListItem {
  id: string;
  thumbnailUrl: string | null;
  /** What and where ("Motion — Front door"). */
  title: string;
  startAt: string;
  /** An alert nobody has dealt with yet: marked "open". */
  open: boolean;
}

/** Events in a dashboard card: picture, what and where, when (in the person's zone), each opening on its clip. */
export function EventList({ items, empty, testId }: { items: EventListItem[]; empty: string; testId: string }) {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const timeZone = me?.user.preferences.timezone ?? 'UTC';
  if (items.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid={testId}>
      {items.map((e) => (
        <li key={e.id}>
          <Link
            to={`/viewer/events?id=${encodeURIComponent(e.id)}`}
            className="flex items-center gap-3 rounded-md p-1 hover:bg-sunken"
          >
            {e.thumbnailUrl ? (
              <img src={e.thumbnailUrl} alt="" className="h-10 w-16 shrink-0 rounded object-cover" />
            ) : (
              <span aria-hidden="true" className="h-10 w-16 shrink-0 rounded bg-sunken" />
            )}
            <span className="min-w-0 flex-1 text-sm">
              <span className="block break-words font-medium text-fg">{e.title}</span>
              <span className="block text-xs text-muted">{formatDateTime(e.startAt, timeZone, i18n.language)}</span>
            </span>
            {e.open && (
              <span className="rounded bg-warn-bg px-1.5 py-0.5 text-xs text-warn-fg">{t('dashboard.open')}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

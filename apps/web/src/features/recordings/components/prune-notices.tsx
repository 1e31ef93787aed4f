import { type PruneNotice, isAvailable } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { noticeKey } from '../notice-model.ts';

/**
 * Footage the plan's limits made retention delete, or the disk guard deleted to keep the recorder's disk from
 * filling, said in the page so nobody discovers it by a gap. Polite, not an alert: it reports what already
 * happened. Only the owner can change the plan, so only the owner gets the upgrade link (the same /upgrade the
 * cameras page offers at maxCameras); a full disk is no plan's doing, so that notice says how to keep footage.
 */
export function PruneNotices({
  notices,
  timeZone,
  isOwner,
}: {
  notices: readonly PruneNotice[];
  timeZone: string;
  isOwner: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (notices.length === 0) return null;
  const when = (iso: string) => formatDateTime(iso, timeZone, i18n.language);
  return (
    <section aria-label={t('recordings.notice.label')} className="mb-4 space-y-2" data-testid="prune-notices">
      {notices.map((n) => (
        <p key={n.id} role="status" className="rounded-md bg-warn-bg px-4 py-2 text-sm text-warn-fg">
          {t(noticeKey(n), {
            count: n.recordingsRemoved,
            size: formatBytes(n.bytesRemoved, i18n.language),
            max: n.reason === 'maxRecordings' ? n.limit : formatBytes(n.limit * 1e9, i18n.language),
            from: when(n.firstAt),
            at: when(n.lastAt),
          })}{' '}
          {/* The upgrade page is linked once plans ship (its route's `available` flag). */}
          {n.reason === 'diskSpace' ? (
            t('recordings.notice.protectHint')
          ) : isOwner && isAvailable('/upgrade') ? (
            <Link to="/upgrade" className="font-medium underline">
              {t('recordings.notice.upgrade')}
            </Link>
          ) : isOwner ? (
            t('recordings.notice.upgrade')
          ) : (
            t('recordings.notice.askOwner')
          )}
        </p>
      ))}
    </section>
  );
}

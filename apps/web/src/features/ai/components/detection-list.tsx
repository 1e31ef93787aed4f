import type { AiDetectionDetail, VigilEvent } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { playbackLink } from '../ai-model.ts';

/** Detection events as cards: the thumbnail with boxes drawn, what and where, and a link that plays the moment. */
export function DetectionList({
  events,
  cameraName,
  timeZone,
  testId,
}: {
  events: readonly VigilEvent[];
  cameraName(id: string | null): string;
  timeZone: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid={testId}>
      {events.map((e) => {
        const detail = (e.detail ?? {}) as Partial<AiDetectionDetail>;
        const labels = (detail.labels ?? []).map((l) => t(`ai.label.${l}`, { defaultValue: l })).join(', ');
        const camera = cameraName(e.cameraId);
        const time = formatDateTime(e.startAt, timeZone, i18n.language, 'second');
        const play = playbackLink(e, timeZone);
        return (
          <li
            key={e.id}
            className="flex flex-col overflow-hidden rounded-lg border border-line bg-surface"
            data-testid="ai-detection"
          >
            {e.thumbnailUrl ? (
              <img
                src={e.thumbnailUrl}
                alt={t('ai.detection.thumbnail', { labels, camera })}
                className="aspect-video w-full bg-sunken object-cover"
                loading="lazy"
              />
            ) : null}
            <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
              <span className="font-medium text-fg">{labels || '—'}</span>
              <span className="text-muted">{camera}</span>
              <time dateTime={e.startAt} className="text-muted">
                {time}
              </time>
              {detail.description ? <p className="text-fg">{detail.description}</p> : null}
              {play && (
                <Link
                  to={play}
                  className="mt-1 self-start rounded font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                  aria-label={t('ai.detection.playOn', { labels: labels || '—', camera, time })}
                  data-testid="ai-play"
                >
                  {t('ai.detection.play')}
                </Link>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

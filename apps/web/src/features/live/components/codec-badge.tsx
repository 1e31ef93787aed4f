import { codecLabel } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import type { Delivery } from '../../../lib/browser-codec.ts';

/**
 * What the camera sends and what this browser gets, on the tile: "H.265 Main · H.264 rendition"
 * (the server converts it for a browser without an H.265 decoder) or "H.264 High · as sent".
 * Shown once the camera's codec is known; the delivery once the tile's transport has started.
 */
export function CodecBadge({
  video,
  delivery,
}: {
  video?: { codec: string | null; profile: string | null };
  delivery: Delivery | null;
}) {
  const { t } = useTranslation();
  const sent = video ? codecLabel(video) : null;
  if (!video || !sent) return null;
  const gets = delivery ? t(`video.delivery.${delivery}`) : null;
  // A narrow tile (a phone, a 3×3 wall) keeps the camera's name readable: "H.265 → H.264".
  const codec = codecLabel({ codec: video.codec });
  const short = delivery === 'rendition' ? `${codec} → H.264` : codec;
  return (
    <span
      className="truncate rounded bg-white/20 px-1.5 py-0.5 text-xs"
      data-testid="live-codec"
      data-delivery={delivery ?? ''}
      title={t('live.codecHelp')}
    >
      <span className="@md:hidden">{short}</span>
      <span className="hidden @md:inline">{gets ? `${sent} · ${gets}` : sent}</span>
    </span>
  );
}

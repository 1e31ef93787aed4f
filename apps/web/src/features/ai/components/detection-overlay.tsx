import type { Detection } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../lib/format.ts';
import { boxRect } from '../ai-model.ts';

/**
 * Boxes over the live picture: an SVG the size of the tile, each box in percent of the picture
 * with its label and score, fading out as it ages. It takes no pointer events: the tile's own
 * buttons stay under the mouse and the keyboard.
 */
export function DetectionOverlay({
  boxes,
  cameraName,
}: {
  boxes: { key: string; opacity: number; detection: Detection }[];
  cameraName: string;
}) {
  const { t, i18n } = useTranslation();
  const pct = (v: number) => `${(v * 100).toFixed(2)}%`;
  const text = (d: Detection) =>
    t('ai.detection.box', {
      label: t(`ai.label.${d.label}`, { defaultValue: d.label }),
      score: formatPercent(d.score, i18n.language, 0),
    });
  return (
    <svg
      className="pointer-events-none absolute inset-0 h-full w-full"
      role="img"
      aria-label={
        boxes.length
          ? `${t('ai.detection.boxes', { name: cameraName })}: ${boxes.map((b) => text(b.detection)).join(', ')}`
          : t('ai.detection.boxes', { name: cameraName })
      }
      data-testid="ai-overlay"
      data-boxes={boxes.length}
    >
      {boxes.map(({ key, opacity, detection }) => {
        const r = boxRect(detection.box);
        const label = text(detection);
        return (
          <g key={key} opacity={opacity} data-testid="ai-box" data-label={detection.label}>
            <rect
              x={pct(r.x)}
              y={pct(r.y)}
              width={pct(r.width)}
              height={pct(r.height)}
              fill="none"
              stroke="#facc15"
              strokeWidth={3}
              rx={2}
            />
            <rect
              x={pct(r.x)}
              y={pct(r.y)}
              width={`${label.length * 0.62 + 0.8}em`}
              height="1.5em"
              fill="#facc15"
              fontSize={13}
            />
            <text x={pct(r.x)} y={pct(r.y)} dx="0.4em" dy="1.1em" fontSize={13} fontWeight={600} fill="#111827">
              {label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scaleUtc } from '@visx/scale';
import { AreaClosed, LinePath } from '@visx/shape';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format.ts';
import { type StoragePoint, dayLabel } from '../storage-history.ts';

const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 32, left: 64 };

/** The width the chart gets from its column, followed as the window (or the phone) turns. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Storage over the last 30 days (visx, decision 0007). Drawn in currentColor so both themes'
 * colours apply; the picture is one image with a summary, the figures are in the table beside it.
 */
export default function StorageChart({ points, summary }: { points: StoragePoint[]; summary: string }) {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const { ref, width } = useWidth();
  const innerW = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const first = points[0]?.t ?? 0;
  const last = points[points.length - 1]?.t ?? first + 1;
  const x = scaleUtc({ domain: [first, last === first ? first + 1 : last], range: [0, innerW] });
  const max = Math.max(1, ...points.map((p) => p.bytes));
  const y = scaleLinear({ domain: [0, max], range: [innerH, 0], nice: true });
  const tickLabel = { fill: 'currentColor', fontSize: 11 } as const;
  return (
    // overflow-hidden: when the window narrows, the drawing keeps its old width until the observer reports.
    <div ref={ref} className="w-full min-w-0 overflow-hidden">
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="img" aria-label={summary} data-testid="storage-chart">
          <Group left={MARGIN.left} top={MARGIN.top}>
            <g className="text-primary">
              <AreaClosed
                data={points}
                x={(p) => x(p.t)}
                y={(p) => y(p.bytes)}
                yScale={y}
                fill="currentColor"
                fillOpacity={0.18}
              />
              <LinePath data={points} x={(p) => x(p.t)} y={(p) => y(p.bytes)} stroke="currentColor" strokeWidth={2} />
            </g>
            <g className="text-muted">
              <AxisLeft
                scale={y}
                numTicks={4}
                stroke="currentColor"
                tickStroke="currentColor"
                tickFormat={(v) => formatBytes(Number(v), lng)}
                tickLabelProps={() => ({ ...tickLabel, textAnchor: 'end', dx: -4, dy: 3 })}
              />
              <AxisBottom
                top={innerH}
                scale={x}
                numTicks={width < 500 ? 3 : 6}
                stroke="currentColor"
                tickStroke="currentColor"
                tickFormat={(v) => dayLabel((v as Date).getTime(), lng)}
                tickLabelProps={() => ({ ...tickLabel, textAnchor: 'middle' })}
              />
            </g>
          </Group>
        </svg>
      )}
    </div>
  );
}

import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scaleUtc } from '@visx/scale';
import { AreaClosed, Bar, LinePath } from '@visx/shape';
import { useEffect, useRef, useState } from 'react';

/**
 * The analytics charts (visx primitives, decision 0007), one lazily loaded chunk: no other page
 * pays for them. Drawn in currentColor so both themes apply; each picture is one image with a
 * summary as its name, the figures are in the table beside it.
 */

const tickLabel = { fill: 'currentColor', fontSize: 11 } as const;
/** Every axis: line and ticks in the text's colour; values to the left of their ticks, times under them. */
const axisStroke = { stroke: 'currentColor', tickStroke: 'currentColor' } as const;
const valueLabel = () => ({ ...tickLabel, textAnchor: 'end', dx: -4, dy: 3 }) as const;
const timeLabel = () => ({ ...tickLabel, textAnchor: 'middle' }) as const;

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

/** overflow-hidden: when the window narrows, the drawing keeps its old width until the observer reports. */
function Frame({
  summary,
  height,
  testId,
  children,
}: {
  summary: string;
  height: number;
  testId: string;
  children: (width: number) => React.ReactNode;
}) {
  const { ref, width } = useWidth();
  return (
    <div ref={ref} className="w-full min-w-0 overflow-hidden">
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={summary} data-testid={testId}>
          {children(width)}
        </svg>
      )}
    </div>
  );
}

export interface BarDatum {
  key: string;
  count: number;
}

/** Vertical bars, one per bucket in order (events per day). */
export function ColumnChart({
  rows,
  summary,
  tick,
  format,
  testId,
}: {
  rows: readonly BarDatum[];
  summary: string;
  tick: (key: string) => string;
  format: (n: number) => string;
  testId: string;
}) {
  const height = 220;
  const m = { top: 12, right: 8, bottom: 32, left: 48 };
  return (
    <Frame summary={summary} height={height} testId={testId}>
      {(width) => {
        const innerW = Math.max(0, width - m.left - m.right);
        const innerH = height - m.top - m.bottom;
        const x = scaleBand({ domain: rows.map((r) => r.key), range: [0, innerW], padding: 0.2 });
        const y = scaleLinear({
          domain: [0, Math.max(1, ...rows.map((r) => r.count))],
          range: [innerH, 0],
          nice: true,
        });
        // At most ~6 labels on a phone, ~12 on a desk.
        const every = Math.max(1, Math.ceil(rows.length / (width < 500 ? 5 : 12)));
        return (
          <Group left={m.left} top={m.top}>
            <g className="text-primary">
              {rows.map((r) => (
                <Bar
                  key={r.key}
                  x={x(r.key)}
                  y={y(r.count)}
                  width={x.bandwidth()}
                  height={innerH - y(r.count)}
                  fill="currentColor"
                  rx={Math.min(2, x.bandwidth() / 4)}
                />
              ))}
            </g>
            <g className="text-muted">
              <AxisLeft
                scale={y}
                // Counts are whole: a small maximum would otherwise label half steps as "0, 1, 1, 2".
                tickValues={y.ticks(4).filter(Number.isInteger)}
                {...axisStroke}
                tickFormat={(v) => format(Number(v))}
                tickLabelProps={valueLabel}
              />
              <AxisBottom
                top={innerH}
                scale={x}
                {...axisStroke}
                tickValues={rows.filter((_, i) => i % every === 0).map((r) => r.key)}
                tickFormat={(v) => tick(String(v))}
                tickLabelProps={timeLabel}
              />
            </g>
          </Group>
        );
      }}
    </Frame>
  );
}

export interface RowDatum {
  id: string;
  label: string;
  /** Bar length, 0 – max. */
  value: number;
  /** Written at the bar's end. */
  text: string;
}

/** Horizontal bars with their names on the left (per camera: events, uptime, days kept). */
export function RowChart({
  rows,
  max,
  summary,
  testId,
}: {
  rows: readonly RowDatum[];
  max: number;
  summary: string;
  testId: string;
}) {
  const rowH = 26;
  const height = rows.length * rowH + 8;
  return (
    <Frame summary={summary} height={height} testId={testId}>
      {(width) => {
        const labelW = Math.min(160, Math.floor(width * 0.32));
        const textW = 64;
        const barW = Math.max(0, width - labelW - textW - 8);
        const x = scaleLinear({ domain: [0, Math.max(max, 1e-9)], range: [0, barW] });
        const clip = (s: string) =>
          s.length * 6.5 > labelW - 8 ? `${s.slice(0, Math.max(1, Math.floor((labelW - 8) / 6.5) - 1))}…` : s;
        return (
          <Group top={4}>
            {rows.map((r, i) => (
              <g key={r.id} transform={`translate(0, ${i * rowH})`}>
                <text
                  x={labelW - 8}
                  y={rowH / 2}
                  dy={4}
                  textAnchor="end"
                  fontSize={12}
                  fill="currentColor"
                  className="text-fg"
                >
                  <title>{r.label}</title>
                  {clip(r.label)}
                </text>
                <rect x={labelW} y={5} width={barW} height={rowH - 10} rx={2} className="fill-sunken" />
                <rect
                  x={labelW}
                  y={5}
                  width={x(Math.max(0, r.value))}
                  height={rowH - 10}
                  rx={2}
                  className="fill-primary"
                />
                <text x={labelW + barW + 6} y={rowH / 2} dy={4} fontSize={12} className="fill-muted">
                  {r.text}
                </text>
              </g>
            ))}
          </Group>
        );
      }}
    </Frame>
  );
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Weekday rows × 24 hour columns, each cell as dark as its share of the busiest. */
export function HeatGrid({
  grid,
  summary,
  weekday,
  hour,
}: {
  grid: number[][];
  summary: string;
  weekday: (isoWeekday: number) => string;
  hour: (h: number) => string;
}) {
  const m = { top: 4, left: 40, bottom: 22 };
  const cellH = 22;
  const height = m.top + 7 * cellH + m.bottom;
  const max = Math.max(1, ...grid.flat());
  return (
    <Frame summary={summary} height={height} testId="heatmap-chart">
      {(width) => {
        const cellW = Math.max(4, (width - m.left - 4) / 24);
        return (
          <Group left={m.left} top={m.top}>
            {WEEKDAYS.map((wd) => (
              <g key={wd} transform={`translate(0, ${(wd - 1) * cellH})`}>
                <text x={-6} y={cellH / 2} dy={4} textAnchor="end" fontSize={11} className="fill-muted">
                  {weekday(wd)}
                </text>
                {HOURS.map((h) => {
                  const n = grid[wd - 1]?.[h] ?? 0;
                  return (
                    <rect
                      key={h}
                      x={h * cellW + 1}
                      y={1}
                      width={cellW - 2}
                      height={cellH - 2}
                      rx={2}
                      className={n ? 'fill-primary' : 'fill-sunken'}
                      fillOpacity={n ? 0.15 + 0.85 * (n / max) : 1}
                    />
                  );
                })}
              </g>
            ))}
            {[0, 6, 12, 18].map((h) => (
              <text key={h} x={h * cellW + 1} y={7 * cellH + 14} fontSize={11} className="fill-muted">
                {hour(h)}
              </text>
            ))}
          </Group>
        );
      }}
    </Frame>
  );
}

export interface AreaPoint {
  /** The day's midnight UTC. */
  t: number;
  value: number;
}

/** A line over a filled area through time (storage per day). */
export function AreaChart({
  points,
  summary,
  tick,
  format,
  testId,
  height = 200,
}: {
  points: readonly AreaPoint[];
  summary: string;
  tick: (t: number) => string;
  format: (n: number) => string;
  testId: string;
  height?: number;
}) {
  const m = { top: 12, right: 12, bottom: 32, left: 64 };
  return (
    <Frame summary={summary} height={height} testId={testId}>
      {(width) => {
        const innerW = Math.max(0, width - m.left - m.right);
        const innerH = height - m.top - m.bottom;
        const first = points[0]?.t ?? 0;
        const last = points.at(-1)?.t ?? first + 1;
        const x = scaleUtc({ domain: [first, last === first ? first + 1 : last], range: [0, innerW] });
        const y = scaleLinear({
          domain: [0, Math.max(1, ...points.map((p) => p.value))],
          range: [innerH, 0],
          nice: true,
        });
        return (
          <Group left={m.left} top={m.top}>
            <g className="text-primary">
              <AreaClosed
                data={[...points]}
                x={(p) => x(p.t)}
                y={(p) => y(p.value)}
                yScale={y}
                fill="currentColor"
                fillOpacity={0.18}
              />
              <LinePath
                data={[...points]}
                x={(p) => x(p.t)}
                y={(p) => y(p.value)}
                stroke="currentColor"
                strokeWidth={2}
              />
            </g>
            <g className="text-muted">
              <AxisLeft
                scale={y}
                numTicks={4}
                {...axisStroke}
                tickFormat={(v) => format(Number(v))}
                tickLabelProps={valueLabel}
              />
              <AxisBottom
                top={innerH}
                scale={x}
                numTicks={width < 500 ? 3 : 6}
                {...axisStroke}
                tickFormat={(v) => tick((v as Date).getTime())}
                tickLabelProps={timeLabel}
              />
            </g>
          </Group>
        );
      }}
    </Frame>
  );
}

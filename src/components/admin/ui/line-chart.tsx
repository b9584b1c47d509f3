/**
 * The admin's line chart (the analytics visits and the search clicks and impressions): two lines in an SVG that
 * scales to its box, each on a round scale of its side (a line on the `left` or the `right` axis; both on the left
 * share one). A point's figures show on hover and on keyboard focus: the points are one tab stop, moved between with
 * the arrow keys (Home and End for the first and last). Days to mark (a page changed) are drawn as upright lines.
 * The figures' table is the caller's, under the chart.
 *
 *   <LineChart points={series} lines={[visitorsLine, pageViewsLine]} pointKey={(p) => p.from} … />
 */
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { niceScale } from '~/lib/chart-scale';

const width = 600;
const height = 200;

export interface ChartLine<P> {
  /** In the legend. */
  legend: string;
  value: (point: P) => number;
  side: 'left' | 'right';
}

export interface LineChartProps<P> {
  points: P[];
  /** The first is drawn solid, the second dashed. */
  lines: readonly [ChartLine<P>, ChartLine<P>];
  /** Unique per point: its key and `data-point`. */
  pointKey: (point: P) => string;
  /** Under the chart and at the head of the tip. */
  pointLabel: (point: P) => string;
  /** What a screen reader hears on the point. */
  pointText: (point: P) => string;
  /** The tip's figures, under its heading. */
  tip: (point: P) => ReactNode;
  caption: string;
  /** "days" or "points": the group's hint says the arrow keys move between them. */
  unitName: string;
  formatTick: (value: number) => string;
  /** Points (by key) to mark with an upright line, and the mark's legend. */
  marks?: { keys: string[]; legend: string };
}

export function LineChart<P>({ points, lines, pointKey, pointLabel, pointText, tip, caption, unitName, formatTick, marks }: LineChartProps<P>) {
  const scaleOf = (side: 'left' | 'right') => {
    const onSide = lines.filter((l) => l.side === side);
    return onSide.length === 0 ? null : niceScale(Math.max(0, ...points.flatMap((p) => onSide.map((l) => l.value(p)))));
  };
  const left = scaleOf('left')!;
  const right = scaleOf('right');
  const [active, setActive] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState(points.length - 1);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const last = points.length - 1;
  const x = (i: number) => (last === 0 ? width / 2 : (i * width) / last);
  const path = (line: ChartLine<P>) => {
    const max = (line.side === 'right' && right ? right : left).max;
    return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${((1 - line.value(p) / max) * height).toFixed(1)}`).join(' ');
  };
  const labelled = [...new Set([0, Math.floor(last / 2), last])];
  const current = Math.min(focusIndex, last);
  const shown = active === null ? null : points[active];
  const markIndexes = (marks?.keys ?? []).map((key) => points.findIndex((p) => pointKey(p) === key)).filter((i) => i >= 0);
  const [solid, dashed] = lines;

  function move(event: KeyboardEvent, index: number) {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = Math.max(0, Math.min(last, next));
    setFocusIndex(target);
    setActive(target);
    buttons.current[target]?.focus();
  }

  return (
    <>
      <ul className="mb-3 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block h-1 w-5 rounded bg-brand-700" /> {solid.legend}
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-1 w-5 rounded border-t-2 border-dashed border-amber-700" /> {dashed.legend}
        </li>
        {marks && markIndexes.length > 0 && (
          <li className="flex items-center gap-2">
            <span className="inline-block h-4 w-0.5 bg-emerald-700" /> {marks.legend}
          </li>
        )}
      </ul>
      <div className="flex gap-2">
        <Axis ticks={left.ticks} format={formatTick} side="left" />
        <div className="min-w-0 flex-1">
          <div className="relative h-48 border-b border-slate-300 sm:h-56">
            {left.ticks.slice(0, -1).map((t) => (
              <div key={t} aria-hidden="true" className="absolute inset-x-0 border-t border-slate-200" style={{ top: `${(1 - t / left.max) * 100}%` }} />
            ))}
            <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="absolute inset-0 h-full w-full overflow-visible" aria-hidden="true">
              {markIndexes.map((i) => (
                <line
                  key={i}
                  x1={x(i)}
                  x2={x(i)}
                  y1={0}
                  y2={height}
                  className="stroke-emerald-700"
                  strokeWidth="2"
                  vectorEffect="non-scaling-stroke"
                  data-change-mark
                />
              ))}
              <path d={path(dashed)} fill="none" className="stroke-amber-700" strokeWidth="2.5" strokeDasharray="6 4" vectorEffect="non-scaling-stroke" />
              <path d={path(solid)} fill="none" className="stroke-brand-700" strokeWidth="3" vectorEffect="non-scaling-stroke" />
              {shown && (
                <line x1={x(active!)} x2={x(active!)} y1={0} y2={height} className="stroke-slate-400" strokeWidth="1" vectorEffect="non-scaling-stroke" />
              )}
            </svg>
            {/* One column per point: the hover target, and the focus stop for the keyboard. */}
            <div
              role="group"
              aria-label={`${caption}: use the arrow keys to move between ${unitName}`}
              className="absolute inset-0 flex"
              onMouseLeave={() => setActive(null)}
            >
              {points.map((point, i) => (
                <button
                  key={pointKey(point)}
                  ref={(el) => {
                    buttons.current[i] = el;
                  }}
                  type="button"
                  tabIndex={i === current ? 0 : -1}
                  aria-label={pointText(point)}
                  className="h-full flex-1 cursor-crosshair focus-visible:bg-brand-50/60 focus-visible:outline-2 focus-visible:outline-brand-600"
                  onMouseEnter={() => setActive(i)}
                  onFocus={() => {
                    setActive(i);
                    setFocusIndex(i);
                  }}
                  onBlur={() => setActive(null)}
                  onKeyDown={(event) => move(event, i)}
                  data-point={pointKey(point)}
                />
              ))}
            </div>
            {shown && (
              <div
                aria-hidden="true"
                className="pointer-events-none absolute top-1 z-10 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs text-ink shadow"
                style={active! > last / 2 ? { right: `${100 - (x(active!) / width) * 100}%` } : { left: `${(x(active!) / width) * 100}%` }}
                data-chart-tip
              >
                <strong className="block">{pointLabel(shown)}</strong>
                {tip(shown)}
              </div>
            )}
          </div>
          <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
            {labelled.map((i) => (
              <span key={i}>{pointLabel(points[i]!)}</span>
            ))}
          </div>
        </div>
        {right && <Axis ticks={right.ticks} format={formatTick} side="right" />}
      </div>
    </>
  );
}

function Axis({ ticks, format, side }: { ticks: number[]; format: (value: number) => string; side: 'left' | 'right' }) {
  return (
    <div className="flex h-48 flex-col justify-between text-right text-xs text-muted tabular-nums sm:h-56" aria-hidden="true" data-chart-axis={side}>
      {ticks.map((t) => (
        <span key={t} className="-my-2 leading-4">
          {format(t)}
        </span>
      ))}
    </div>
  );
}

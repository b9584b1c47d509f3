/**
 * Clicks and impressions day by day, as the analytics chart draws visits: an SVG that scales to its box, each line on
 * its own round scale (clicks on the left axis, impressions on the right). Each day's figures show on hover and on
 * keyboard focus (one tab stop, arrow keys between days, Home and End); the same figures are in a table behind it.
 * Days an admin post at the page was changed are marked.
 */
import { type KeyboardEvent, useRef, useState } from 'react';
import type { SearchPoint } from '~/lib/search-types';
import { niceScale } from '~/lib/chart-scale';
import { formatShortDay as dayLabel } from '~/lib/format';
import { formatCount, formatCtr, formatPosition } from './figures';

const width = 600;
const height = 200;

const pointText = (p: SearchPoint) =>
  `${dayLabel(p.day)}: ${formatCount(p.clicks)} clicks, ${formatCount(p.impressions)} impressions, CTR ${formatCtr(p.ctr)}, position ${formatPosition(p.position)}`;

export function SearchChart({ series, caption, changes = [] }: { series: SearchPoint[]; caption: string; changes?: string[] }) {
  const clicksScale = niceScale(Math.max(0, ...series.map((d) => d.clicks)));
  const impressionsScale = niceScale(Math.max(0, ...series.map((d) => d.impressions)));
  const [active, setActive] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState(series.length - 1);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const last = series.length - 1;
  const x = (i: number) => (last === 0 ? width / 2 : (i * width) / last);
  const line = (value: (d: SearchPoint) => number, max: number) =>
    series.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${((1 - value(d) / max) * height).toFixed(1)}`).join(' ');
  const labelled = [...new Set([0, Math.floor(last / 2), last])];
  const current = Math.min(focusIndex, last);
  const shown = active === null ? null : series[active];
  const changeIndexes = changes.map((day) => series.findIndex((p) => p.day === day)).filter((i) => i >= 0);

  function move(event: KeyboardEvent, index: number) {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = Math.max(0, Math.min(last, next));
    setFocusIndex(target);
    setActive(target);
    buttons.current[target]?.focus();
  }

  if (series.length === 0) return null;
  return (
    <div>
      <ul className="mb-3 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block h-1 w-5 rounded bg-brand-700" /> Clicks (left scale)
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-1 w-5 rounded border-t-2 border-dashed border-amber-700" /> Impressions (right scale)
        </li>
        {changeIndexes.length > 0 && (
          <li className="flex items-center gap-2">
            <span className="inline-block h-4 w-0.5 bg-emerald-700" /> Page changed
          </li>
        )}
      </ul>
      <div className="flex gap-2">
        <Axis ticks={clicksScale.ticks} />
        <div className="min-w-0 flex-1">
          <div className="relative h-48 border-b border-slate-300 sm:h-56">
            {clicksScale.ticks.slice(0, -1).map((t) => (
              <div key={t} aria-hidden="true" className="absolute inset-x-0 border-t border-slate-200" style={{ top: `${(1 - t / clicksScale.max) * 100}%` }} />
            ))}
            <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="absolute inset-0 h-full w-full overflow-visible" aria-hidden="true">
              {changeIndexes.map((i) => (
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
              <path
                d={line((d) => d.impressions, impressionsScale.max)}
                fill="none"
                className="stroke-amber-700"
                strokeWidth="2.5"
                strokeDasharray="6 4"
                vectorEffect="non-scaling-stroke"
              />
              <path d={line((d) => d.clicks, clicksScale.max)} fill="none" className="stroke-brand-700" strokeWidth="3" vectorEffect="non-scaling-stroke" />
              {shown && (
                <line x1={x(active!)} x2={x(active!)} y1={0} y2={height} className="stroke-slate-400" strokeWidth="1" vectorEffect="non-scaling-stroke" />
              )}
            </svg>
            <div
              role="group"
              aria-label={`${caption}: use the arrow keys to move between days`}
              className="absolute inset-0 flex"
              onMouseLeave={() => setActive(null)}
            >
              {series.map((point, i) => (
                <button
                  key={point.day}
                  ref={(el) => {
                    buttons.current[i] = el;
                  }}
                  type="button"
                  tabIndex={i === current ? 0 : -1}
                  aria-label={pointText(point) + (changes.includes(point.day) ? '; the page was changed' : '')}
                  className="h-full flex-1 cursor-crosshair focus-visible:bg-brand-50/60 focus-visible:outline-2 focus-visible:outline-brand-600"
                  onMouseEnter={() => setActive(i)}
                  onFocus={() => {
                    setActive(i);
                    setFocusIndex(i);
                  }}
                  onBlur={() => setActive(null)}
                  onKeyDown={(event) => move(event, i)}
                  data-point={point.day}
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
                <strong className="block">{dayLabel(shown.day)}</strong>
                {formatCount(shown.clicks)} clicks
                <br />
                {formatCount(shown.impressions)} impressions
                <br />
                CTR {formatCtr(shown.ctr)} · position {formatPosition(shown.position)}
                {changes.includes(shown.day) && (
                  <>
                    <br />
                    Page changed
                  </>
                )}
              </div>
            )}
          </div>
          <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
            {labelled.map((i) => (
              <span key={i}>{dayLabel(series[i]!.day)}</span>
            ))}
          </div>
        </div>
        <Axis ticks={impressionsScale.ticks} />
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer font-medium text-brand-700">Show the figures as a table</summary>
        <table className="mt-2 w-full text-sm" data-search-daily-table>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              {['Clicks', 'Impressions', 'CTR', 'Position'].map((h) => (
                <th key={h} scope="col" className="py-1 text-right font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...series].reverse().map((d) => (
              <tr key={d.day} className="border-t border-slate-100">
                <th scope="row" className="py-1 text-left font-normal">
                  {dayLabel(d.day)}
                </th>
                <td className="py-1 text-right tabular-nums">{formatCount(d.clicks)}</td>
                <td className="py-1 text-right tabular-nums">{formatCount(d.impressions)}</td>
                <td className="py-1 text-right tabular-nums">{formatCtr(d.ctr)}</td>
                <td className="py-1 text-right tabular-nums">{formatPosition(d.position)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

function Axis({ ticks }: { ticks: number[] }) {
  return (
    <div className="flex h-48 flex-col justify-between text-right text-xs text-muted tabular-nums sm:h-56" aria-hidden="true">
      {ticks.map((t) => (
        <span key={t} className="-my-2 leading-4">
          {formatCount(t)}
        </span>
      ))}
    </div>
  );
}

/**
 * Visitors and page views per day (a month a point on long periods) as an SVG line chart that scales to its box,
 * with a round scale. Each point's figures show on hover and on keyboard focus: the points are one tab stop, moved
 * between with the arrow keys (Home and End for the first and last). The same figures are in a table behind it.
 */
import { type KeyboardEvent, useRef, useState } from 'react';
import type { AnalyticsPoint } from '~/lib/admin-types';
import { niceScale } from '~/lib/chart-scale';
import { formatShortDay as dayLabel } from '~/lib/format';
import { plural } from '~/lib/plural.mjs';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow, TableCaption } from '../ui/table';

const width = 600;
const height = 200;
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export function pointLabel(point: AnalyticsPoint, unit: 'day' | 'month') {
  return unit === 'month' ? monthFormat.format(new Date(`${point.from}T12:00:00Z`)) : dayLabel(point.from);
}

export function VisitsChart({ series, unit, caption }: { series: AnalyticsPoint[]; unit: 'day' | 'month'; caption: string }) {
  const { max, ticks } = niceScale(Math.max(0, ...series.map((d) => Math.max(d.visitors, d.pageViews))));
  const [active, setActive] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState(series.length - 1);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const last = series.length - 1;
  const x = (i: number) => (last === 0 ? width / 2 : (i * width) / last);
  const y = (v: number) => (1 - v / max) * height;
  const line = (key: 'visitors' | 'pageViews') => series.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).join(' ');
  const labelled = [...new Set([0, Math.floor(last / 2), last])];
  const current = Math.min(focusIndex, last);
  const shown = active === null ? null : series[active];

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
    <div>
      <ul className="mb-3 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block h-1 w-5 rounded bg-brand-700" /> Visitors
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-1 w-5 rounded border-t-2 border-dashed border-amber-700" /> Page views
        </li>
      </ul>
      <div className="flex gap-2">
        <div className="flex h-48 flex-col justify-between text-right text-xs text-muted tabular-nums sm:h-56" aria-hidden="true" data-chart-axis>
          {ticks.map((t) => (
            <span key={t} className="-my-2 leading-4">
              {t.toLocaleString('en-GB')}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <div className="relative h-48 border-b border-slate-300 sm:h-56">
            {ticks.slice(0, -1).map((t) => (
              <div key={t} aria-hidden="true" className="absolute inset-x-0 border-t border-slate-200" style={{ top: `${(1 - t / max) * 100}%` }} />
            ))}
            <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="absolute inset-0 h-full w-full overflow-visible" aria-hidden="true">
              <path d={line('pageViews')} fill="none" className="stroke-amber-700" strokeWidth="2.5" strokeDasharray="6 4" vectorEffect="non-scaling-stroke" />
              <path d={line('visitors')} fill="none" className="stroke-brand-700" strokeWidth="3" vectorEffect="non-scaling-stroke" />
              {shown && (
                <line x1={x(active!)} x2={x(active!)} y1={0} y2={height} className="stroke-slate-400" strokeWidth="1" vectorEffect="non-scaling-stroke" />
              )}
            </svg>
            {/* One column per point: the hover target, and the focus stop for the keyboard. */}
            <div
              role="group"
              aria-label={`${caption}: use the arrow keys to move between points`}
              className="absolute inset-0 flex"
              onMouseLeave={() => setActive(null)}
            >
              {series.map((point, i) => (
                <button
                  key={point.from}
                  ref={(el) => {
                    buttons.current[i] = el;
                  }}
                  type="button"
                  tabIndex={i === current ? 0 : -1}
                  aria-label={`${pointLabel(point, unit)}: ${plural(point.visitors, 'visitor', 'visitors')}, ${plural(point.pageViews, 'page view', 'page views')}`}
                  className="h-full flex-1 cursor-crosshair focus-visible:bg-brand-50/60 focus-visible:outline-2 focus-visible:outline-brand-600"
                  onMouseEnter={() => setActive(i)}
                  onFocus={() => {
                    setActive(i);
                    setFocusIndex(i);
                  }}
                  onBlur={() => setActive(null)}
                  onKeyDown={(event) => move(event, i)}
                  data-point={point.from}
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
                <strong className="block">{pointLabel(shown, unit)}</strong>
                {plural(shown.visitors, 'visitor', 'visitors')}
                <br />
                {plural(shown.pageViews, 'page view', 'page views')}
              </div>
            )}
          </div>
          <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
            {labelled.map((i) => (
              <span key={i}>{pointLabel(series[i]!, unit)}</span>
            ))}
          </div>
        </div>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer font-medium text-brand-700">Show the figures as a table</summary>
        <Table className="mt-2" data-daily-table>
          <TableCaption>{caption}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead className="py-1">{unit === 'month' ? 'Month' : 'Day'}</TableHead>
              <TableHead numeric className="py-1">
                Visitors
              </TableHead>
              <TableHead numeric className="py-1">
                Page views
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {[...series].reverse().map((d) => (
              <TableRow key={d.from}>
                <TableHead scope="row" className="py-1 text-left font-normal">
                  {pointLabel(d, unit)}
                </TableHead>
                <TableCell numeric>{d.visitors}</TableCell>
                <TableCell numeric>{d.pageViews}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </div>
  );
}

/**
 * Visitors and page views per day as an SVG line chart that scales to its box (readable at 390 px), with the same
 * figures in a table for screen readers and for anyone who prefers numbers.
 */
import type { AnalyticsOverview } from '~/lib/admin-types';
import { formatShortDay as dayLabel } from '~/lib/format';

const width = 600;
const height = 200;

function niceMax(value: number) {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s * 4 >= value)!;
  return step * 4;
}

/** Lines are drawn in a stretched SVG (strokes keep their width); the axis labels are HTML, so they stay legible at any width. */
export function VisitsChart({ daily }: { daily: AnalyticsOverview['daily'] }) {
  const max = niceMax(Math.max(0, ...daily.map((d) => Math.max(d.visitors, d.pageViews))));
  const x = (i: number) => (i * width) / Math.max(1, daily.length - 1);
  const y = (v: number) => (1 - v / max) * height;
  const line = (key: 'visitors' | 'pageViews') => daily.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).join(' ');
  const ticks = [4, 3, 2, 1, 0].map((i) => (max * i) / 4);
  const labelled = [0, Math.floor((daily.length - 1) / 2), daily.length - 1];
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
      <div className="flex gap-2" aria-hidden="true">
        <div className="flex h-48 flex-col justify-between text-right text-xs text-muted tabular-nums sm:h-56">
          {ticks.map((t) => (
            <span key={t} className="-my-2 leading-4">
              {t.toLocaleString('en-GB')}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <div className="relative h-48 border-b border-slate-300 sm:h-56">
            {ticks.slice(0, -1).map((t) => (
              <div key={t} className="absolute inset-x-0 border-t border-slate-200" style={{ top: `${(1 - t / max) * 100}%` }} />
            ))}
            <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="absolute inset-0 h-full w-full overflow-visible">
              <path d={line('pageViews')} fill="none" className="stroke-amber-700" strokeWidth="2.5" strokeDasharray="6 4" vectorEffect="non-scaling-stroke" />
              <path d={line('visitors')} fill="none" className="stroke-brand-700" strokeWidth="3" vectorEffect="non-scaling-stroke" />
            </svg>
          </div>
          <div className="mt-1 flex justify-between text-xs text-muted">
            {labelled.map((i) => (
              <span key={i}>{dayLabel(daily[i]!.day)}</span>
            ))}
          </div>
        </div>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer font-medium text-brand-700">Show the figures as a table</summary>
        <table className="mt-2 w-full text-sm" data-daily-table>
          <caption className="sr-only">Visitors and page views per day, last 30 days</caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Visitors
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Page views
              </th>
            </tr>
          </thead>
          <tbody>
            {[...daily].reverse().map((d) => (
              <tr key={d.day} className="border-t border-slate-100">
                <th scope="row" className="py-1 text-left font-normal">
                  {dayLabel(d.day)}
                </th>
                <td className="py-1 text-right tabular-nums">{d.visitors}</td>
                <td className="py-1 text-right tabular-nums">{d.pageViews}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

/**
 * Visitors and page views per day as an SVG line chart that scales to its box (readable at 390 px), with the same
 * figures in a table for screen readers and for anyone who prefers numbers.
 */
import type { AnalyticsOverview } from '~/lib/admin-types';
import { formatShortDay as dayLabel } from '~/lib/format';

const width = 600;
const height = 220;
const pad = { top: 12, right: 12, bottom: 28, left: 40 };

function niceMax(value: number) {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s * 4 >= value)!;
  return step * 4;
}

export function VisitsChart({ daily }: { daily: AnalyticsOverview['daily'] }) {
  const max = niceMax(Math.max(0, ...daily.map((d) => Math.max(d.visitors, d.pageViews))));
  const x = (i: number) => pad.left + (i * (width - pad.left - pad.right)) / Math.max(1, daily.length - 1);
  const y = (v: number) => pad.top + (1 - v / max) * (height - pad.top - pad.bottom);
  const line = (key: 'visitors' | 'pageViews') => daily.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).join(' ');
  const ticks = [0, 1, 2, 3, 4].map((i) => (max * i) / 4);
  const labelled = new Set([0, Math.floor((daily.length - 1) / 2), daily.length - 1]);
  return (
    <div>
      <ul className="mb-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block h-1 w-5 rounded bg-brand-700" /> Visitors
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-1 w-5 rounded border-t-2 border-dashed border-amber-700" /> Page views
        </li>
      </ul>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" aria-hidden="true" focusable="false">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} className="stroke-slate-200" strokeWidth="1" />
            <text x={pad.left - 6} y={y(t) + 4} textAnchor="end" className="fill-slate-600 text-[13px]">
              {t.toLocaleString('en-GB')}
            </text>
          </g>
        ))}
        {daily.map((d, i) =>
          labelled.has(i) ? (
            <text
              key={d.day}
              x={x(i)}
              y={height - 8}
              textAnchor={i === 0 ? 'start' : i === daily.length - 1 ? 'end' : 'middle'}
              className="fill-slate-600 text-[13px]"
            >
              {dayLabel(d.day)}
            </text>
          ) : null,
        )}
        <path d={line('pageViews')} fill="none" className="stroke-amber-700" strokeWidth="2.5" strokeDasharray="6 4" />
        <path d={line('visitors')} fill="none" className="stroke-brand-700" strokeWidth="3" />
        {daily.map((d, i) => (
          <circle key={d.day} cx={x(i)} cy={y(d.visitors)} r="3" className="fill-brand-700" />
        ))}
      </svg>
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

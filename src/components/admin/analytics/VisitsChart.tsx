/**
 * Visitors and page views per day (a month a point on long periods), drawn by the admin's line chart on one round
 * scale; each point's figures on hover and on keyboard focus. The same figures are in a table behind it.
 */
import type { AnalyticsPoint } from '~/lib/admin-types';
import { formatShortDay as dayLabel } from '~/lib/format';
import { plural } from '~/lib/plural.mjs';
import { type ChartLine, LineChart } from '../ui/line-chart';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow, TableCaption } from '../ui/table';

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export function pointLabel(point: AnalyticsPoint, unit: 'day' | 'month') {
  return unit === 'month' ? monthFormat.format(new Date(`${point.from}T12:00:00Z`)) : dayLabel(point.from);
}

/** Both lines on one scale: page views are never fewer than visitors. */
const lines: readonly [ChartLine<AnalyticsPoint>, ChartLine<AnalyticsPoint>] = [
  { legend: 'Visitors', value: (d) => d.visitors, side: 'left' },
  { legend: 'Page views', value: (d) => d.pageViews, side: 'left' },
];

export function VisitsChart({ series, unit, caption }: { series: AnalyticsPoint[]; unit: 'day' | 'month'; caption: string }) {
  return (
    <div>
      <LineChart
        points={series}
        lines={lines}
        pointKey={(point) => point.from}
        pointLabel={(point) => pointLabel(point, unit)}
        pointText={(point) =>
          `${pointLabel(point, unit)}: ${plural(point.visitors, 'visitor', 'visitors')}, ${plural(point.pageViews, 'page view', 'page views')}`
        }
        tip={(point) => (
          <>
            {plural(point.visitors, 'visitor', 'visitors')}
            <br />
            {plural(point.pageViews, 'page view', 'page views')}
          </>
        )}
        caption={caption}
        unitName="points"
        formatTick={(t) => t.toLocaleString('en-GB')}
      />
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

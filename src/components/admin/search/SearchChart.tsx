/**
 * Clicks and impressions day by day, drawn by the admin's line chart (as the analytics visits): each line on its own
 * round scale (clicks on the left axis, impressions on the right), each day's figures on hover and on keyboard focus.
 * Days an admin post at the page was changed are marked. The same figures are in a table behind it.
 */
import type { SearchPoint } from '~/lib/search-types';
import { formatShortDay as dayLabel } from '~/lib/format';
import { type ChartLine, LineChart } from '../ui/line-chart';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { formatCount, formatCtr, formatPosition } from './figures';

const pointText = (p: SearchPoint) =>
  `${dayLabel(p.day)}: ${formatCount(p.clicks)} clicks, ${formatCount(p.impressions)} impressions, CTR ${formatCtr(p.ctr)}, position ${formatPosition(p.position)}`;

/** Impressions run to many times the clicks: each has its own scale. */
const lines: readonly [ChartLine<SearchPoint>, ChartLine<SearchPoint>] = [
  { legend: 'Clicks (left scale)', value: (d) => d.clicks, side: 'left' },
  { legend: 'Impressions (right scale)', value: (d) => d.impressions, side: 'right' },
];

export function SearchChart({ series, caption, changes = [] }: { series: SearchPoint[]; caption: string; changes?: string[] }) {
  if (series.length === 0) return null;
  return (
    <div>
      <LineChart
        points={series}
        lines={lines}
        pointKey={(point) => point.day}
        pointLabel={(point) => dayLabel(point.day)}
        pointText={(point) => pointText(point) + (changes.includes(point.day) ? '; the page was changed' : '')}
        tip={(point) => (
          <>
            {formatCount(point.clicks)} clicks
            <br />
            {formatCount(point.impressions)} impressions
            <br />
            CTR {formatCtr(point.ctr)} · position {formatPosition(point.position)}
            {changes.includes(point.day) && (
              <>
                <br />
                Page changed
              </>
            )}
          </>
        )}
        caption={caption}
        unitName="days"
        formatTick={formatCount}
        marks={{ keys: changes, legend: 'Page changed' }}
      />
      <details className="mt-3">
        <summary className="cursor-pointer font-medium text-brand-700">Show the figures as a table</summary>
        <Table className="mt-2" data-search-daily-table>
          <TableCaption>{caption}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead className="py-1">Day</TableHead>
              {['Clicks', 'Impressions', 'CTR', 'Position'].map((h) => (
                <TableHead key={h} numeric className="py-1">
                  {h}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {[...series].reverse().map((d) => (
              <TableRow key={d.day}>
                <TableHead scope="row" className="py-1 text-left font-normal">
                  {dayLabel(d.day)}
                </TableHead>
                <TableCell numeric>{formatCount(d.clicks)}</TableCell>
                <TableCell numeric>{formatCount(d.impressions)}</TableCell>
                <TableCell numeric>{formatCtr(d.ctr)}</TableCell>
                <TableCell numeric>{formatPosition(d.position)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </div>
  );
}

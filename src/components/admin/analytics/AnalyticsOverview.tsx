/** The Overview's visit statistics: a period chooser, six figures with their change, the daily chart and the lists. */
import { useState } from 'react';
import { type AnalyticsPeriod, analyticsPeriods, analyticsRules, breakdowns, viewportClasses } from '~/config/analytics';
import type { AnalyticsOverview as Overview } from '~/lib/admin-types';
import { changeText, overviewFigures } from '~/lib/analytics-figures';
import { formatShortDay as dayLabel } from '~/lib/format';
import { Card, SegmentedControl } from '../ui/primitives';
import { VisitsChart } from './VisitsChart';

const minutes = (ms: number) => `${ms / 60_000} minutes`;

function rangeText(from: string, to: string) {
  return from === to ? dayLabel(from) : `${dayLabel(from)} – ${dayLabel(to)}`;
}

function valueLabel(dimension: string, value: string, blank?: string) {
  if (dimension === 'device') return viewportClasses.find((c) => c.id === value)?.label ?? value;
  if (value === '' && blank) return blank;
  return value;
}

export function AnalyticsOverview({ data }: { data: Overview }) {
  const [periodId, setPeriodId] = useState<AnalyticsPeriod>('7d');
  const period = data.periods.find((p) => p.id === periodId)!;
  return (
    <section aria-labelledby="visits-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="visits-heading" className="text-lg font-semibold text-ink">
            Visitors
          </h3>
          <p className="text-sm text-muted" data-current-visitors>
            <strong className="text-ink">{data.currentVisitors}</strong> {data.currentVisitors === 1 ? 'visitor' : 'visitors'} on the site now (active in the
            last {minutes(analyticsRules.currentWindowMs)})
          </p>
        </div>
        <SegmentedControl legend="Period" name="analytics-period" options={analyticsPeriods} value={periodId} onChange={setPeriodId} />
      </div>
      <p className="text-sm text-muted">
        {rangeText(period.from, period.to)}, compared with {rangeText(period.previousFrom, period.previousTo)}.
      </p>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3" aria-label={`Figures for ${period.label.toLowerCase()}`}>
        {overviewFigures.map((figure) => {
          const value = figure.value(period.current);
          return (
            <li key={figure.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-figure={figure.id}>
              <p className="text-sm font-medium text-muted">{figure.label}</p>
              <p className="mt-1 text-2xl font-bold text-ink sm:text-3xl" data-value>
                {value === null ? '–' : figure.format(value)}
              </p>
              {figure.detail && (
                <p className="mt-1 text-xs text-ink sm:text-sm" data-detail>
                  {figure.detail(period.current)}
                </p>
              )}
              <p className="mt-1 text-xs text-muted sm:text-sm">{changeText(figure, period.current, period.previous)}</p>
            </li>
          );
        })}
      </ul>
      <Card title="Visitors and page views per day, last 30 days" headingLevel={3}>
        <VisitsChart daily={data.daily} />
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        {breakdowns.map((b) => {
          const rows = period.breakdowns[b.id];
          const top = Math.max(1, ...rows.map((r) => r.count));
          return (
            <Card key={b.id} title={b.title} headingLevel={3}>
              {rows.length === 0 ? (
                <p className="text-muted">{b.empty}</p>
              ) : (
                <table className="w-full text-sm" data-breakdown={b.id}>
                  <thead>
                    <tr className="text-left text-muted">
                      <th scope="col" className="pb-2 font-medium">
                        {b.id === 'device' ? 'Screen' : b.id === 'referrer' ? 'Site' : b.id === 'campaign' ? 'Campaign' : 'Page'}
                      </th>
                      <th scope="col" className="pb-2 text-right font-medium">
                        {b.counts}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.value} className="border-t border-slate-100">
                        <td className="relative py-1.5 pr-2">
                          <span aria-hidden="true" className="absolute inset-y-1 left-0 rounded bg-brand-50" style={{ width: `${(row.count / top) * 100}%` }} />
                          <span className="relative break-all">{valueLabel(b.id, row.value, 'blank' in b ? b.blank : undefined)}</span>
                        </td>
                        <td className="py-1.5 text-right font-semibold tabular-nums">{row.count.toLocaleString('en-GB')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Card>
          );
        })}
      </div>
      <p className="text-sm text-muted">
        Counted without cookies: a visitor is counted once a day; a visit ends after {minutes(analyticsRules.visitGapMs)} without activity; a bounce is a visit
        with one page view; visit duration is the time pages were in view; conversion rate is the share of visitors who sent an enquiry. Bots and your own
        visits are not counted.
      </p>
    </section>
  );
}

/**
 * The Overview's visit statistics: a period (today to 12 months, or a custom range) and a filter, both in the URL so a
 * reload or a shared link shows the same view; six figures against the period before, the chart and the lists.
 */
import { useEffect, useId, useState } from 'react';
import { type AnalyticsPeriod, analyticsPeriods, analyticsRules, breakdowns, customPeriod } from '~/config/analytics';
import type { AnalyticsOverview as Overview, AnalyticsView } from '~/lib/admin-types';
import { type AnalyticsQuery, readAnalyticsQuery, sameQuery, writeAnalyticsQuery } from '~/lib/analytics-query';
import { changeText, overviewFigures } from '~/lib/analytics-figures';
import { rowLabel } from '~/lib/analytics-labels';
import { formatShortDay as dayLabel } from '~/lib/format';
import { useAnalyticsView, useCurrentVisitors } from '../data/queries';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { DateRangeForm } from '../ui/date-range';
import { Notice } from '../ui/notice';
import { useHydrated } from '../ui/use-hydrated';
import { BreakdownCard } from './BreakdownCard';
import { GoalsCard } from './GoalsCard';
import { VisitsChart } from './VisitsChart';
import { plural, pluralWord } from '~/lib/plural.mjs';

const minutes = (ms: number) => plural(ms / 60_000, 'minute');

function rangeText(from: string, to: string) {
  return from === to ? dayLabel(from) : `${dayLabel(from)} – ${dayLabel(to)}`;
}

const periodOptions = [...analyticsPeriods, customPeriod];

/** The view the address bar asks for, once hydrated (the server rendered the default). */
function useUrlQuery(initial: AnalyticsQuery): [AnalyticsQuery, (next: AnalyticsQuery) => void] {
  const [query, setQuery] = useState(initial);
  useEffect(() => {
    const fromUrl = () => setQuery(readAnalyticsQuery(new URLSearchParams(window.location.search)) ?? initial);
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
  }, [initial]);
  const change = (next: AnalyticsQuery) => {
    setQuery(next);
    const url = new URL(window.location.href);
    writeAnalyticsQuery(next, url.searchParams);
    window.history.pushState(window.history.state, '', url);
  };
  return [query, change];
}

function PeriodPicker({ query, today, onChange }: { query: AnalyticsQuery; today: string; onChange: (q: AnalyticsQuery) => void }) {
  const selectId = useId();
  // A choice made before React handles events would be undone by hydration (the select snaps back to the rendered
  // period), so the select waits, as the admin's submit buttons do.
  const hydrated = useHydrated();
  // Choosing "Custom range" shows the day fields; the view changes once they are applied.
  const [choosingCustom, setChoosingCustom] = useState(false);
  const custom = choosingCustom || query.period === 'custom';
  return (
    // The day fields sit beside the select (below it on a phone), so a custom range adds width, not a tall column.
    <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
      <label htmlFor={selectId} className="grid gap-1 text-sm font-medium text-ink max-sm:w-full">
        Period
        <select
          id={selectId}
          value={custom ? 'custom' : query.period}
          disabled={!hydrated}
          onChange={(event) => {
            const period = event.target.value as AnalyticsPeriod;
            setChoosingCustom(period === 'custom');
            if (period !== 'custom') onChange({ period, ...(query.filter ? { filter: query.filter } : {}) });
          }}
          className="rounded-lg border border-slate-400 bg-white px-3 py-2 font-normal"
          data-period-select
        >
          {periodOptions.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      {custom && (
        <DateRangeForm
          from={query.from ?? today}
          to={query.to ?? today}
          max={today}
          onApply={(from, to) => onChange({ ...query, period: 'custom', from, to })}
        />
      )}
    </div>
  );
}

function Figures({ view }: { view: AnalyticsView }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3" aria-label={`Figures for ${view.label.toLowerCase()}`}>
      {overviewFigures.map((figure) => {
        const value = figure.value(view.current);
        return (
          <li key={figure.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-figure={figure.id}>
            <p className="text-sm font-medium text-muted">{figure.label}</p>
            <p className="mt-1 text-2xl font-bold text-ink sm:text-3xl" data-value>
              {value === null ? '–' : figure.format(value)}
            </p>
            {figure.detail && (
              <p className="mt-1 text-xs text-ink sm:text-sm" data-detail>
                {figure.detail(view.current)}
              </p>
            )}
            <p className="mt-1 text-xs text-muted sm:text-sm" data-change>
              {changeText(figure, view.current, view.previous)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

export function AnalyticsOverview({ data }: { data: Overview }) {
  const [query, setQuery] = useUrlQuery(data.view.query);
  const viewQuery = useAnalyticsView(query, data.view);
  const now = useCurrentVisitors(data.currentVisitors);
  const visitorsNow = now.data;
  const view = viewQuery.data ?? data.view;
  const loading = viewQuery.isFetching && !sameQuery(view.query, query);
  const filter = query.filter;
  const filterName = filter && breakdowns.find((b) => b.id === filter.dimension)!;
  const cut = filter && view.from < view.rawFrom;
  return (
    <section aria-labelledby="visits-heading" className="grid min-w-0 gap-4" aria-busy={loading}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h3 id="visits-heading" className="text-lg font-semibold text-ink">
            Visitors
          </h3>
          <p className="text-sm text-muted" data-current-visitors aria-live="polite">
            <strong className="text-ink">{visitorsNow}</strong> {pluralWord(visitorsNow, 'visitor')} on the site now (active in the last{' '}
            {minutes(analyticsRules.currentWindowMs)}; updated every half a minute)
          </p>
        </div>
        <PeriodPicker query={query} today={view.today} onChange={setQuery} />
      </div>
      {filter && filterName && (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900" data-active-filter>
          <span>
            Showing only visits with {filterName.column.toLowerCase()} <strong>{rowLabel(filter.dimension, filter.value)}</strong>
            {filter.dimension === 'page' || filter.dimension === 'entry' || filter.dimension === 'exit' ? ` (${filterName.title.toLowerCase()})` : ''}.
          </span>
          <Button size="sm" variant="secondary" onClick={() => setQuery({ ...query, filter: undefined })}>
            Remove the filter
          </Button>
        </div>
      )}
      {viewQuery.error && <Notice tone="error">{viewQuery.error.message}</Notice>}
      <p className="text-sm text-muted" data-period-range>
        {view.label}: {rangeText(view.from, view.to)}, compared with {rangeText(view.previousFrom, view.previousTo)}.
      </p>
      {cut && (
        <Notice>
          Filtered figures are counted from individual visits, which are kept {view.retentionDays} days: this view covers {rangeText(view.rawFrom, view.to)}{' '}
          only.
        </Notice>
      )}
      <Figures view={view} />
      <Card
        title={`Visitors and page views ${view.unit === 'month' ? 'per month' : 'per day'}, ${view.label.toLowerCase()}`}
        headingLevel={3}
        className="min-w-0"
      >
        <VisitsChart
          key={`${view.from}:${view.to}:${view.unit}`}
          series={view.series}
          unit={view.unit}
          caption={`Visitors and page views ${view.unit === 'month' ? 'per month' : 'per day'}, ${rangeText(view.from, view.to)}`}
        />
      </Card>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        {breakdowns.map((b) => (
          <BreakdownCard
            key={b.id}
            breakdown={b}
            rows={view.lists[b.id]}
            onPick={(row) => setQuery({ ...query, filter: { dimension: b.id, value: row.value } })}
          />
        ))}
      </div>
      <GoalsCard view={view} filtered={Boolean(filter)} />
      <p className="text-sm text-muted" data-retention>
        Counted without cookies: a visitor is counted once a day; a visit ends after {minutes(analyticsRules.visitGapMs)} without activity; a bounce is a visit
        with one page view; visit duration is the time pages were in view; conversion rate is the share of visitors who sent an enquiry (enquiries marked as
        spam are not counted). Bots and your own visits are not counted. Individual visits are kept {view.retentionDays} days and daily totals for good, as the
        privacy notice says: figures and lists cover any period, a filtered view the last {view.retentionDays} days.
      </p>
    </section>
  );
}

/**
 * The Search tab: what people searched for on Google and Bing, where they landed and whether they enquired. A period
 * and a source, both in the URL (as the analytics Overview's period); four figures against the period before; the
 * daily chart; top queries and top pages with Show all and search (a page's row opens its search clicks → visits →
 * enquiries and p75 LCP, a query's its position over time and its pages); and the opportunities, each one click from
 * the AI generator's meta-tags form prefilled with the page and its searches. A custom period (the Overview's day
 * fields) and the comparison (the period before or a year earlier) are in the URL too; each list downloads as CSV,
 * every row of it; the queries new and lost are those of the period against the one compared.
 */
import { useEffect, useId, useState } from 'react';
import { adminApi, adminPaths } from '~/config/admin';
import { thisSiteId } from '~/config/sites.mjs';
import {
  customSearchRange,
  opportunityKinds,
  opportunityPromptReasons,
  type SearchCompare,
  searchCompares,
  searchDownloads,
  searchNewLost,
  type SearchPeriod,
  searchLists,
  searchPeriods,
  searchRangeWords,
  type SearchSourceFilter,
  searchSources,
  searchText,
} from '~/config/search';
import type { SearchTabData } from '~/lib/admin-types';
import { earliestCustomDay, readSearchQuery, type SearchQuery, searchParams, writeSearchQuery } from '~/lib/search-query';
import type { Opportunity, SearchPageRow, SearchQueryChange, SearchQueryRow } from '~/lib/search-types';
import { formatShortDay as dayLabel } from '~/lib/format';
import { plural } from '~/lib/plural.mjs';
import {
  AdminReadError,
  readSearchTopQueries,
  useSearchDetail,
  useSearchList,
  useSearchNewLost,
  useSearchOpportunities,
  useSearchOverview,
} from '../data/queries';
import { leaveAiPrefill } from '../ai/prefill-handoff';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { DateRangeForm } from '../ui/date-range';
import { Notice } from '../ui/notice';
import { ScrollArea } from '../ui/scroll-area';
import { SegmentedControl } from '../ui/segmented-control';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { useHydrated } from '../ui/use-hydrated';
import { formatCount, formatCtr, formatPosition, searchChangeText, searchFigureList } from './figures';
import { SearchChart } from './SearchChart';
import { SearchSourcesCard } from './SearchSourcesCard';

/**
 * The view in the address bar. It starts as the view the server read the tab's figures for (the page address's, so
 * hydration matches what was rendered); a tab opened later by a click, whose figures came without it, catches up.
 */
function useUrlSearchQuery(initial: SearchQuery): [SearchQuery, (next: SearchQuery) => void] {
  const [query, setQuery] = useState<SearchQuery>(initial);
  useEffect(() => {
    const fromUrl = () => setQuery(readSearchQuery(new URLSearchParams(window.location.search)));
    const inUrl = readSearchQuery(new URLSearchParams(window.location.search));
    if (searchParams(inUrl) !== searchParams(initial)) fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
    // Read once on mount: later changes come from this hook or from the back button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const change = (next: SearchQuery) => {
    setQuery(next);
    const url = new URL(window.location.href);
    writeSearchQuery(next, url.searchParams);
    window.history.pushState(window.history.state, '', url);
  };
  return [query, change];
}

export function SearchPanel({ data }: { data: SearchTabData }) {
  const [query, setQuery] = useUrlSearchQuery(data.query);
  const overview = useSearchOverview(query, data);
  const view = overview.data;
  const periodId = useId();
  const compareId = useId();
  const siteId = useId();
  const hydrated = useHydrated();
  // The day the server rendered for bounds the custom range's days (the server checks them again).
  const today = new Date(data.now).toISOString().slice(0, 10);
  // Choosing "Custom range" shows the day fields; the view changes once they are applied.
  const [choosingCustom, setChoosingCustom] = useState(false);
  const custom = choosingCustom || query.period === customSearchRange.id;
  // The site choice appears once a client's site has search data (or the URL names one).
  const clientSites = data.status.sites.filter((site) => site.hasData || site.id === query.site);
  return (
    <div className="grid gap-6">
      <p className="text-muted">{searchText.tabIntro}</p>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-wrap items-end gap-x-3 gap-y-2 max-sm:w-full">
          <label htmlFor={periodId} className="grid gap-1 text-sm font-medium text-ink max-sm:w-full">
            Period
            <select
              id={periodId}
              value={custom ? customSearchRange.id : query.period}
              disabled={!hydrated}
              onChange={(event) => {
                const period = event.target.value as SearchPeriod;
                setChoosingCustom(period === customSearchRange.id);
                if (period !== customSearchRange.id) setQuery({ ...query, period, from: undefined, to: undefined });
              }}
              className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 font-normal"
              data-search-period
            >
              {[...searchPeriods, customSearchRange].map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          {custom && (
            <DateRangeForm
              from={query.from ?? view?.range.from ?? today}
              to={query.to ?? view?.range.to ?? today}
              min={earliestCustomDay(today)}
              max={today}
              onApply={(from, to) => setQuery({ ...query, period: customSearchRange.id, from, to })}
            />
          )}
        </div>
        <label htmlFor={compareId} className="grid gap-1 text-sm font-medium text-ink max-sm:w-full">
          {searchText.compareLabel}
          <select
            id={compareId}
            value={query.compare ?? 'previous'}
            disabled={!hydrated}
            onChange={(event) => setQuery({ ...query, compare: event.target.value as SearchCompare })}
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 font-normal"
            data-search-compare
          >
            {searchCompares.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        {clientSites.length > 0 && (
          // A select is as wide as its longest option (a client's long name): it may shrink to the line, the name cut short.
          <label htmlFor={siteId} className="grid max-w-full min-w-0 grid-cols-[minmax(0,1fr)] gap-1 text-sm font-medium text-ink max-sm:w-full">
            {searchText.siteLabel}
            <select
              id={siteId}
              value={query.site}
              disabled={!hydrated}
              onChange={(event) => setQuery({ ...query, site: event.target.value })}
              className="min-h-11 max-w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 font-normal"
              data-search-site-choice
            >
              <option value={thisSiteId}>{searchText.thisSite}</option>
              {clientSites.map((site) => (
                <option key={site.id} value={site.id}>
                  {site.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <SegmentedControl<SearchSourceFilter>
          legend="Search engine"
          name="search-source"
          options={searchSources}
          value={query.source}
          onChange={(source) => setQuery({ ...query, source })}
        />
      </div>
      {overview.error && <Notice tone="error">{overview.error.message}</Notice>}
      {view && !view.hasData && <Notice>{searchText.noData}</Notice>}
      {view && (
        <>
          <p className="text-sm text-muted" data-search-range>
            {view.range.label}: {searchRangeWords(view.range.from, view.range.to)}, against {searchRangeWords(view.previous.from, view.previous.to)}.
          </p>
          {view.imported && (
            <p className="text-sm text-muted" data-search-imported>
              {searchText.importedNote(view.imported, dayLabel)}
            </p>
          )}
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Search figures">
            {searchFigureList.map((figure) => {
              const value = figure.value(view.totals);
              return (
                <li key={figure.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-search-figure={figure.id}>
                  <p className="text-sm font-medium text-muted">{figure.label}</p>
                  <p className="text-2xl font-bold text-ink tabular-nums">{value === null ? '—' : figure.format(value)}</p>
                  <p className="mt-1 text-xs text-muted">
                    {searchChangeText(figure, view.totals, view.previousTotals, searchCompares.find((c) => c.id === view.compare)?.noun)}
                  </p>
                </li>
              );
            })}
          </ul>
          {query.source !== 'google' && data.status.sources.some((s) => s.source === 'bing' && s.rowsStored > 0) && (
            <p className="text-sm text-muted" data-search-bing-position>
              {searchText.bingPositionNote}
            </p>
          )}
          <Card title="Day by day">
            <SearchChart series={view.series} caption={`Clicks and impressions per day, ${view.range.label.toLowerCase()}`} />
          </Card>
        </>
      )}
      <div className="grid gap-6 xl:grid-cols-2">
        <TopList kind="queries" query={query} />
        <TopList kind="pages" query={query} />
      </div>
      <NewAndLost query={query} />
      <Opportunities query={query} siteOrigin={data.siteOrigin} />
      <SearchSourcesCard initial={data.status} />
    </div>
  );
}

function TopList({ kind, query }: { kind: 'queries' | 'pages'; query: SearchQuery }) {
  const [showAll, setShowAll] = useState(false);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  // The page of "Show all" belongs to one list: another site, period, source, search or length starts at the first.
  const listKey = `${searchParams(query)} ${search} ${showAll}`;
  const [paging, setPaging] = useState({ key: listKey, page: 0 });
  const page = paging.key === listKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ key: listKey, page: next });
  const [open, setOpen] = useState<string | null>(null);
  const limit = showAll ? searchLists.pageSize : searchLists.shortList;
  const list = useSearchList<SearchQueryRow | SearchPageRow>(query, kind, search, page * limit, limit);
  const searchId = useId();
  const title = kind === 'queries' ? 'Top queries' : 'Top pages';
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    // min-w-0: a grid item may shrink below its table's width, which then scrolls in its own region.
    <Card title={title} className="min-w-0">
      <form
        className="mb-3 flex flex-wrap items-end gap-2"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(typed.trim());
        }}
      >
        <label htmlFor={searchId} className="grid flex-1 gap-1 text-sm font-medium text-ink">
          {kind === 'queries' ? 'Find a query' : 'Find a page'}
          <input
            id={searchId}
            type="search"
            value={typed}
            maxLength={searchLists.maxSearch}
            onChange={(event) => setTyped(event.target.value)}
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 font-normal"
          />
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {list.error && <Notice tone="error">{list.error.message}</Notice>}
      {/* A container: an opened row's detail is as wide as the list's visible part, not the wider table (below). */}
      <div className="@container/list">
        <ScrollArea label={title}>
          <Table data-search-list={kind}>
            <TableCaption>
              {title}, {plural(total, kind === 'queries' ? 'query' : 'page', kind === 'queries' ? 'queries' : 'pages')}
            </TableCaption>
            <TableHeader>
              <TableRow className="whitespace-nowrap">
                <TableHead className="pr-2">{kind === 'queries' ? 'Query' : 'Page'}</TableHead>
                <TableHead numeric className="pr-2">
                  Clicks
                </TableHead>
                <TableHead numeric className="pr-2">
                  Impressions
                </TableHead>
                <TableHead numeric className="pr-2">
                  CTR
                </TableHead>
                <TableHead numeric>Position</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => {
                const key = 'query' in row ? row.query : row.page;
                const expanded = open === key;
                return (
                  <RowWithDetail
                    key={key}
                    kind={kind}
                    row={row}
                    rowKey={key}
                    expanded={expanded}
                    onToggle={() => setOpen(expanded ? null : key)}
                    query={query}
                  />
                );
              })}
            </TableBody>
          </Table>
        </ScrollArea>
      </div>
      {list.data && rows.length === 0 && <p className="mt-2 text-muted">{search ? `Nothing matches “${search}”.` : 'No search data for this period.'}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {total > searchLists.shortList && (
          <Button variant="secondary" size="sm" onClick={() => setShowAll(!showAll)} aria-expanded={showAll}>
            {showAll ? 'Show fewer' : `Show all ${formatCount(total)}`}
          </Button>
        )}
        {total > 0 && (
          <a
            href={adminApi.searchListCsv(searchParams(query, { list: kind, search }))}
            download
            className="inline-flex min-h-11 items-center text-sm text-brand-700 underline underline-offset-2"
            data-search-csv={kind}
          >
            {searchDownloads.linkText}
            <span className="sr-only">: {title.toLowerCase()}</span>
          </a>
        )}
        {showAll && pages > 1 && (
          <nav aria-label={`${title}: pages`} className="flex items-center gap-2 text-sm">
            <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {page + 1} of {pages}
            </span>
            <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </nav>
        )}
      </div>
    </Card>
  );
}

function RowWithDetail({
  kind,
  row,
  rowKey,
  expanded,
  onToggle,
  query,
}: {
  kind: 'queries' | 'pages';
  row: SearchQueryRow | SearchPageRow;
  rowKey: string;
  expanded: boolean;
  onToggle: () => void;
  query: SearchQuery;
}) {
  const detailId = useId();
  return (
    <>
      <TableRow className="align-top">
        <TableHead
          scope="row"
          // A page's address may break anywhere; a search's words only where words can.
          className={`min-w-40 py-1 pr-2 text-left font-normal ${kind === 'pages' ? '[overflow-wrap:anywhere]' : 'wrap-break-word'}`}
        >
          <button
            type="button"
            className="text-left text-brand-700 underline underline-offset-2"
            aria-expanded={expanded}
            aria-controls={detailId}
            onClick={onToggle}
          >
            {rowKey}
          </button>
        </TableHead>
        <TableCell numeric className="pr-2 whitespace-nowrap">
          {formatCount(row.clicks)}
        </TableCell>
        <TableCell numeric className="pr-2 whitespace-nowrap">
          {formatCount(row.impressions)}
        </TableCell>
        <TableCell numeric className="pr-2 whitespace-nowrap">
          {formatCtr(row.ctr)}
        </TableCell>
        <TableCell numeric className="whitespace-nowrap">
          {formatPosition(row.position)}
        </TableCell>
      </TableRow>
      {/* The row's detail, under it; no rule between a row and its own detail. */}
      <TableRow id={detailId} hidden={!expanded} className="border-t-0">
        <TableCell colSpan={5} className="pt-0 pb-3">
          {/* On a phone the table is wider than the screen and scrolls: the detail keeps to the list's visible width
              and stays in view however far the table is scrolled, so none of it is cut off. */}
          <div className="sticky left-0 w-[100cqw]">{expanded && <Detail kind={kind} row={row} rowKey={rowKey} query={query} />}</div>
        </TableCell>
      </TableRow>
    </>
  );
}

function Detail({ kind, row, rowKey, query }: { kind: 'queries' | 'pages'; row: SearchQueryRow | SearchPageRow; rowKey: string; query: SearchQuery }) {
  const detail = useSearchDetail(query, kind === 'queries' ? { query: rowKey } : { page: rowKey });
  if (detail.error) return <Notice tone="error">{detail.error.message}</Notice>;
  if (!detail.data) return <p className="text-muted">Loading…</p>;
  const data = detail.data;
  return (
    <div className="grid gap-3 rounded-lg bg-slate-50 p-3" data-search-detail>
      {'visits' in row && row.visits === null && <p className="text-sm text-muted">{searchText.clientPagesUnmeasured}</p>}
      {'visits' in row && row.visits !== null && row.enquiries !== null && (
        <p data-search-funnel>
          <strong>{formatCount(row.clicks)}</strong> search clicks → <strong>{formatCount(row.visits)}</strong> visits from search →{' '}
          <strong>{formatCount(row.enquiries)}</strong> {row.enquiries === 1 ? 'enquiry' : 'enquiries'} · p75 LCP from real users:{' '}
          <strong>{row.lcpP75 === null ? 'no samples' : `${(row.lcpP75 / 1000).toFixed(1)} s`}</strong>
        </p>
      )}
      <SearchChart series={data.series} caption={`${rowKey}, day by day`} changes={data.changes} />
      {data.changes.length > 0 && <p className="text-sm">Changed on {data.changes.map(dayLabel).join(', ')}.</p>}
      <div>
        <h4 className="font-semibold text-ink">{kind === 'queries' ? 'Pages that rank for it' : 'Its top queries'}</h4>
        <ul className="mt-1 grid gap-1 text-sm">
          {data.related.map((r) => (
            <li key={r.key}>
              <span className={kind === 'queries' ? '[overflow-wrap:anywhere]' : undefined}>{r.key}</span> — {formatCount(r.clicks)} clicks,{' '}
              {formatCount(r.impressions)} impressions, position {formatPosition(r.position)}
            </li>
          ))}
          {data.related.length === 0 && <li className="text-muted">None in this period.</li>}
        </ul>
      </div>
    </div>
  );
}

/** The meta-tags prompt for a page, grounded in its title, description, the searches it appears in and why it was picked. */
function metaPrompt(siteOrigin: string, opportunity: Opportunity, title: string | null, description: string | null, queries: string[]) {
  const reason = opportunityPromptReasons[opportunity.kind]({
    query: opportunity.key,
    position: formatPosition(opportunity.position),
    ctr: formatCtr(opportunity.ctr),
    usual: opportunity.expectedCtr === undefined ? '' : formatCtr(opportunity.expectedCtr),
    impressions: formatCount(opportunity.impressions),
  });
  return [
    `Write a new title and meta description for ${siteOrigin}${opportunity.page}.`,
    `Current title: ${title ?? '(none)'}`,
    `Current description: ${description ?? '(none)'}`,
    `It appears in Google and Bing for these searches (most impressions first): ${queries.length > 0 ? queries.join('; ') : '(none recorded)'}.`,
    reason,
  ].join('\n');
}

/** `siteOrigin`: the site's configured public address (SITE_URL), not the admin's, which may be another host. */
function Opportunities({ query, siteOrigin }: { query: SearchQuery; siteOrigin: string }) {
  const opportunities = useSearchOpportunities(query);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  async function improve(opportunity: Opportunity) {
    setBusy(opportunity.kind + opportunity.key);
    setProblem(null);
    try {
      const prompt = await readSearchTopQueries(query, opportunity.page);
      leaveAiPrefill({
        type: 'meta',
        prompt: metaPrompt(siteOrigin, opportunity, prompt.title, prompt.description, prompt.queries),
        postId: prompt.postId,
        page: opportunity.page,
      });
      window.location.assign(adminPaths.tab('ai-tools'));
    } catch (error) {
      setProblem(error instanceof AdminReadError ? error.message : 'The page could not be read.');
      setBusy(null);
    }
  }
  return (
    <Card title="Opportunities">
      {problem && <Notice tone="error">{problem}</Notice>}
      {opportunities.error && <Notice tone="error">{opportunities.error.message}</Notice>}
      <div className="grid gap-5 lg:grid-cols-3">
        {opportunityKinds.map((kind) => {
          const items = opportunities.data?.lists[kind.id] ?? [];
          return (
            <section key={kind.id} data-opportunities={kind.id}>
              <h3 className="font-semibold text-ink">{kind.title}</h3>
              <p className="mb-2 text-sm text-muted">{kind.hint}</p>
              <ul className="grid gap-2">
                {items.map((item) => (
                  <li key={item.key} className="rounded-lg border border-slate-200 p-2 text-sm">
                    <p className={`font-medium text-ink ${item.key.startsWith('/') ? '[overflow-wrap:anywhere]' : 'wrap-break-word'}`}>{item.key}</p>
                    <p className="text-muted">
                      {formatCount(item.impressions)} impressions · {formatCount(item.clicks)} clicks · CTR {formatCtr(item.ctr)}
                      {item.expectedCtr !== undefined && ` (usual ${formatCtr(item.expectedCtr)})`} · position {formatPosition(item.position)}
                      {item.kind === 'striking' && item.page && ` · ${item.page}`}
                    </p>
                    {/* The AI generator writes for this website's pages, not a client's. */}
                    {item.page && query.site === thisSiteId && (
                      <Button
                        size="sm"
                        variant="secondary"
                        className="mt-1"
                        disabled={busy !== null}
                        onClick={() => void improve(item)}
                        data-improve={item.page}
                      >
                        Improve title and description with AI
                        <span className="sr-only"> for {item.page}</span>
                      </Button>
                    )}
                  </li>
                ))}
                {opportunities.data && items.length === 0 && <li className="text-sm text-muted">None in this period.</li>}
              </ul>
            </section>
          );
        })}
      </div>
    </Card>
  );
}

/** Queries seen in the period and not in the one compared, and the reverse. */
function NewAndLost({ query }: { query: SearchQuery }) {
  const answer = useSearchNewLost(query);
  const data = answer.data;
  const list = (title: string, changes: { rows: SearchQueryChange[]; total: number } | undefined, id: 'new' | 'lost') => (
    <section data-search-new-lost={id} className="min-w-0">
      <h3 className="font-semibold text-ink">
        {title}
        {changes && ` (${formatCount(changes.total)})`}
      </h3>
      <ul className="mt-1 grid gap-1 text-sm">
        {changes?.rows.map((row) => (
          <li key={row.query} data-query={row.query}>
            <span className="break-all">{row.query}</span> — {formatCount(row.clicks)} clicks, {formatCount(row.impressions)} impressions
          </li>
        ))}
        {changes && changes.rows.length === 0 && <li className="text-muted">{searchNewLost.none}</li>}
        {changes && changes.total > changes.rows.length && (
          <li className="text-muted">and {plural(changes.total - changes.rows.length, 'more query', 'more queries')}</li>
        )}
      </ul>
    </section>
  );
  return (
    <Card title={searchNewLost.title}>
      <p className="mb-2 text-sm text-muted">
        {searchNewLost.hint}
        {data && ` ${searchText.comparedWith(searchRangeWords(data.previous.from, data.previous.to))}`}
      </p>
      {answer.error && <Notice tone="error">{answer.error.message}</Notice>}
      <div className="grid gap-5 sm:grid-cols-2">
        {list(searchNewLost.newTitle, data?.new, 'new')}
        {list(searchNewLost.lostTitle, data?.lost, 'lost')}
      </div>
    </Card>
  );
}

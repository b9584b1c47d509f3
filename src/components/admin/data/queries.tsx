/**
 * The admin's one way to read from the server and keep it fresh: TanStack Query, with a typed hook per endpoint (the
 * answer types are the ones the endpoints are built with). Polling is a hook's refetch interval, on only while there
 * is something to follow (a run in progress); the server-rendered figures are each hook's first data.
 */
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { adminApi } from '~/config/admin';
import type { AdminTab } from '~/config/admin';
import type { AuditsAnswer } from '~/lib/audit-types';
import type { PostListAnswer, PostListItem, PostRenderAnswer } from '~/lib/post-types';
import { analyticsView } from '~/config/analytics';
import { answeredMessage, post, unreachableMessage } from './post';
import { type AnalyticsQuery, sameQuery, writeAnalyticsQuery } from '~/lib/analytics-query';
import type { AnalyticsView, AnalyticsViewAnswer, CurrentVisitorsAnswer } from '~/lib/admin-types';
import { type SearchQuery, searchParams } from '~/lib/search-query';
import type {
  SearchDetail,
  SearchListAnswer,
  SearchNewLost,
  SearchOpportunities,
  SearchOverview,
  SearchPropertiesAnswer,
  SearchStatus,
  SearchTopPrompt,
} from '~/lib/search-types';
import type { ReportAnswer, ReportsAnswer } from '~/lib/report-types';
import type { WatchAlertsAnswer, WatchHistoryAnswer, WatchSitesAnswer } from '~/lib/watch-types';
import type { AiHistoryAnswer, DashboardTabAnswer, DashboardTabData, IndexNowAnswer, SiteCheckAnswer, SiteChecksAnswer, VitalTrendAnswer } from '~/lib/admin-types';

/** A read that did not answer `ok`: its status (0 when the server could not be reached) and message. */
export class AdminReadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function read<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  } catch {
    throw new AdminReadError(0, unreachableMessage);
  }
  const body = (await response.json().catch(() => null)) as { ok?: boolean; error?: string } | null;
  if (!response.ok || !body?.ok) throw new AdminReadError(response.status, body?.error ?? answeredMessage(response.status));
  return body as T;
}

export const adminKeys = {
  dashboardTab: (tab: AdminTab) => ['dashboard', tab] as const,
  indexNow: ['indexnow'] as const,
  siteChecks: ['site-checks'] as const,
  siteCheck: (id: string) => ['site-checks', id] as const,
  aiHistory: ['ai-history'] as const,
  audits: ['audits'] as const,
  vitalTrend: (path: string) => ['vital-trend', path] as const,
  analyticsView: (params: string) => ['analytics-view', params] as const,
  currentVisitors: ['analytics-now'] as const,
  posts: ['posts'] as const,
  postRender: (input: string) => ['post-render', input] as const,
  search: (what: string, params: string) => ['search', what, params] as const,
  searchStatus: ['search', 'status'] as const,
  reports: ['reports'] as const,
  report: (id: string) => ['reports', id] as const,
  watchSites: ['watch-sites'] as const,
  watchAlerts: ['watch-alerts'] as const,
  watchHistory: (id: string, period: string) => ['watch-sites', id, 'history', period] as const,
};

/** How often a run in progress is asked after. */
export const pollIntervals = { indexNow: 1500, siteCheck: 1000, searchSync: 2000, watch: 60_000 } as const;

export function AdminQueryProvider({ children }: { children: ReactNode }) {
  // One client per dashboard; figures are fresh when rendered, and a failed read is tried once more.
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export { useQueryClient };

/** Whether the IndexNow run asked for at `since` has ended, by what the overview says. */
export function indexNowRunEnded(answer: IndexNowAnswer, since: number) {
  const run = answer.overview.lastRun;
  return !answer.overview.running && run !== null && run.startedAt >= since;
}

/** IndexNow's status, runs and submissions; asked for every 1.5 s from `since` (a run asked for) until it has ended. */
export function useIndexNowOverview(initial: IndexNowAnswer, since: number | null) {
  return useQuery({
    queryKey: adminKeys.indexNow,
    queryFn: () => read<IndexNowAnswer>(adminApi.indexNow),
    initialData: initial,
    refetchInterval: (query) => (since !== null && query.state.data && !indexNowRunEnded(query.state.data, since) ? pollIntervals.indexNow : false),
  });
}

/** The latest site-check runs; asked for every second while one is running. */
export function useSiteCheckRuns(initial: SiteChecksAnswer) {
  return useQuery({
    queryKey: adminKeys.siteChecks,
    queryFn: () => read<SiteChecksAnswer>(adminApi.siteChecks),
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.status === 'running') ? pollIntervals.siteCheck : false),
  });
}

/** One run's report (none asked for without an id). */
export function useSiteCheck(id: string | null) {
  return useQuery({
    queryKey: adminKeys.siteCheck(id ?? ''),
    queryFn: () => read<SiteCheckAnswer>(adminApi.siteCheck(id!)),
    enabled: id !== null,
  });
}

/** The AI generator's recent generations and its status. */
export function useAiHistory(initial: AiHistoryAnswer) {
  return useQuery({ queryKey: adminKeys.aiHistory, queryFn: () => read<AiHistoryAnswer>(adminApi.aiHistory), initialData: initial });
}

/** One page's daily Core Web Vitals (none asked for without a page). */
export function useVitalTrend(path: string | null) {
  return useQuery({
    queryKey: adminKeys.vitalTrend(path ?? ''),
    queryFn: () => read<VitalTrendAnswer>(adminApi.analyticsTrend(path!)),
    enabled: path !== null,
  });
}

/** The Overview's figures for a period and filter; the view rendered with the page is the first data of its own query. */
export function useAnalyticsView(query: AnalyticsQuery, initial: AnalyticsView) {
  const params = writeAnalyticsQuery(query).toString();
  return useQuery({
    queryKey: adminKeys.analyticsView(params),
    queryFn: async () => (await read<AnalyticsViewAnswer>(adminApi.analyticsView(params))).view,
    initialData: sameQuery(query, initial.query) ? initial : undefined,
    // The previous view stays on screen while the next loads, so the layout does not jump.
    placeholderData: (previous) => previous,
  });
}

/** "Visitors now", read again every 30 s; TanStack Query pauses the interval while the tab is hidden. */
export function useCurrentVisitors(initial: number) {
  return useQuery({
    queryKey: adminKeys.currentVisitors,
    queryFn: async () => (await read<CurrentVisitorsAnswer>(adminApi.analyticsNow)).currentVisitors,
    initialData: initial,
    staleTime: 0,
    refetchInterval: analyticsView.currentVisitorsRefreshMs,
    refetchIntervalInBackground: false,
  });
}

/** The Search view's figures for a period and source; the default view rendered with the tab is its first data. */
/** `initial` is the overview the page came with and the view it was read for. */
export function useSearchOverview(query: SearchQuery, initial: { query: SearchQuery; overview: SearchOverview }) {
  const params = searchParams(query);
  return useQuery({
    queryKey: adminKeys.search('overview', params),
    queryFn: () => read<SearchOverview>(adminApi.searchOverview(params)),
    initialData: params === searchParams(initial.query) ? initial.overview : undefined,
    placeholderData: (previous) => previous,
  });
}

/** A page of top queries or top pages. */
export function useSearchList<Row>(query: SearchQuery, list: 'queries' | 'pages', search: string, offset: number, limit: number) {
  const params = searchParams(query, { list, search, offset, limit });
  return useQuery({
    queryKey: adminKeys.search('list', params),
    queryFn: () => read<SearchListAnswer<Row>>(adminApi.searchList(params)),
    placeholderData: (previous) => previous,
  });
}

/** A query's or a page's detail (none asked for until a row is opened). */
export function useSearchDetail(query: SearchQuery, of: { query: string } | { page: string } | null) {
  const params = searchParams(query, of ?? {});
  return useQuery({
    queryKey: adminKeys.search('detail', params),
    queryFn: () => read<SearchDetail>(adminApi.searchDetail(params)),
    enabled: of !== null,
  });
}

export function useSearchOpportunities(query: SearchQuery) {
  const params = searchParams(query);
  return useQuery({
    queryKey: adminKeys.search('opportunities', params),
    queryFn: () => read<SearchOpportunities>(adminApi.searchOpportunities(params)),
    placeholderData: (previous) => previous,
  });
}

/** Queries new and lost against the period compared. */
export function useSearchNewLost(query: SearchQuery) {
  const params = searchParams(query);
  return useQuery({
    queryKey: adminKeys.search('new-lost', params),
    queryFn: () => read<SearchNewLost>(adminApi.searchNewLost(params)),
    placeholderData: (previous) => previous,
  });
}

/** Each source's state; asked for every 2 s while a sync runs. */
export function useSearchStatus(initial?: SearchStatus) {
  return useQuery({
    queryKey: adminKeys.searchStatus,
    queryFn: () => read<SearchStatus>(adminApi.searchStatus),
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.running ? pollIntervals.searchSync : false),
  });
}

/** The Search Console properties the service account may read, and the default property of the site at `url`. */
export function useSearchProperties(url?: string) {
  return useQuery({
    queryKey: ['search', 'properties', url ?? ''] as const,
    queryFn: () => read<SearchPropertiesAnswer>(adminApi.searchProperties(new URLSearchParams(url ? { url } : {}).toString())),
    // Google is asked once a form is opened, not on every render.
    staleTime: 5 * 60_000,
  });
}

/** A page's top queries in the period, for the AI generator's prompt. */
export const readSearchTopQueries = (query: SearchQuery, page: string) => read<SearchTopPrompt>(adminApi.searchTopQueries(searchParams(query, { page })));

/** What a dashboard tab shows: the tab the page was rendered with has its figures already, another reads them when opened. */
export function useDashboardTab(tab: AdminTab, initial: DashboardTabData) {
  return useQuery({
    queryKey: adminKeys.dashboardTab(tab),
    queryFn: async () => (await read<DashboardTabAnswer>(adminApi.dashboardTab(tab))).data,
    initialData: initial.tab === tab ? initial : undefined,
  });
}

/** Visitors' free audits and how many became enquiries (the Testing tab's list and the Overview's rate read the same). */
export function useAudits() {
  return useQuery({ queryKey: adminKeys.audits, queryFn: () => read<AuditsAnswer>(adminApi.audits) });
}

/** Every post, the code's and the admin's, with its status and last 30 days' views. */
export function usePostList(initial: PostListItem[]) {
  return useQuery({
    queryKey: adminKeys.posts,
    queryFn: async () => (await read<PostListAnswer>(adminApi.posts)).posts,
    initialData: initial,
  });
}

/** The editor's preview and live SEO checks of what is typed (`input`: the fields as JSON, already debounced). */
export function usePostRender(input: string) {
  return useQuery({
    queryKey: adminKeys.postRender(input),
    queryFn: async () => {
      const { status, body } = await post<PostRenderAnswer>(adminApi.postRender, JSON.parse(input) as unknown);
      if (!body.ok) throw new AdminReadError(status, body.error ?? answeredMessage(status));
      return body;
    },
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
}

/** The reports made and the sites they are made for (the tab's figures are the first data). */
export function useReports(initial: ReportsAnswer) {
  return useQuery({ queryKey: adminKeys.reports, queryFn: () => read<ReportsAnswer>(adminApi.reports.list), initialData: initial });
}

/** One report, with its figures, summary and links (none asked for without an id). */
export function useReport(id: string | null) {
  return useQuery({ queryKey: adminKeys.report(id ?? ''), queryFn: () => read<ReportAnswer>(adminApi.reports.one(id!)), enabled: id !== null });
}

/** The watched sites with their health; read again every minute while shown (the checks run on the server). */
export function useWatchSites(initial: WatchSitesAnswer) {
  return useQuery({
    queryKey: adminKeys.watchSites,
    queryFn: () => read<WatchSitesAnswer>(adminApi.watch.sites),
    initialData: initial,
    refetchInterval: pollIntervals.watch,
  });
}

/** The watch's alerts, open first; read again every minute while shown. */
export function useWatchAlerts(initial: WatchAlertsAnswer) {
  return useQuery({
    queryKey: adminKeys.watchAlerts,
    queryFn: () => read<WatchAlertsAnswer>(adminApi.watch.alerts),
    initialData: initial,
    refetchInterval: pollIntervals.watch,
  });
}

/** A site's response time and incidents over a period, read when asked for (its card's section opened). */
export function useWatchHistory(siteId: string, period: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.watchHistory(siteId, period),
    queryFn: () => read<WatchHistoryAnswer>(adminApi.watch.siteHistory(siteId, period)),
    enabled,
  });
}

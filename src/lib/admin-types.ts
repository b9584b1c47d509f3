/** The shapes the admin's pages receive from the server (times are epoch milliseconds). */
import type { IndexNowOffKind, LeadStatus } from '~/config/admin';
import type { AiContentType, AiOutcome } from '~/config/ai';
import type { BreakdownDimension, FormFactor, GoalKind, VitalMetric } from '~/config/analytics';
import type { AnalyticsQuery } from './analytics-query';
import type { SearchQuery } from './search-query';
import type { SearchOverview, SearchStatus } from './search-types';
import type { ReportsAnswer } from './report-types';
import type { WatchAlertView, WatchQuietHours, WatchSiteView } from './watch-types';

/** Most severe first. */
export const severities = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof severities)[number];

export interface Delivery {
  /** not-set-up: waiting only because no mail server is set up (SMTP_URL); nothing will try until one is. */
  state: 'sent' | 'waiting' | 'not-set-up' | 'none';
  sentAt: number | null;
  attempts: number;
  nextAttemptAt: number | null;
  lastError: string | null;
}

export interface Lead {
  id: string;
  receivedAt: number;
  updatedAt: number;
  requestType: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: LeadStatus;
  delivery: Delivery;
}

export interface PeriodCount {
  label: string;
  hours: number;
  count: number;
  previous: number;
}

export interface SecurityEvent {
  id: string;
  type: string;
  severity: Severity;
  /** What happened, in a sentence. */
  details: string;
  userAgent: string | null;
  at: number;
  address: string | null;
  emailTried: string | null;
  nameTried: string | null;
  /** Whether an alert e-mail reported it: none, waiting in the outbox, or sent. */
  alert: 'none' | 'pending' | 'sent';
}

export interface AccountEvent {
  id: string;
  type: string;
  label: string;
  address: string | null;
  userAgent: string | null;
  at: number;
}

export interface SessionInfo {
  id: string;
  current: boolean;
  address: string | null;
  userAgent: string | null;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

export interface SiteStatus {
  database: { kind: 'sqlite' | 'postgres'; migration: string | null };
  mail: {
    smtpConfigured: boolean;
    lastDeliveredAt: number | null;
    waiting: number;
    oldestWaitingAt: number | null;
    lastError: string | null;
  };
  build: { version: string; commit: string | null; builtAt: string; siteUrl: string };
  /** The site was built for one public address and runs with another (SITE_URL changed without a new build). */
  siteUrlMismatch: SiteUrlMismatch | null;
}

export interface SiteUrlMismatch {
  /** The origin the built pages' canonical links and structured data name. */
  built: string;
  /** The origin this server runs with (SITE_URL now): the sitemap, the feed and IndexNow's. */
  running: string;
}

export interface IndexNowSubmission {
  id: string;
  at: number;
  trigger: string;
  urlCount: number;
  /** The first URLs sent (all of them up to 20). */
  urls: string[];
  status: number | null;
  outcome: 'accepted' | 'rejected' | 'failed';
  message: string;
  attempts: number;
}

export interface IndexNowRun {
  startedAt: number;
  finishedAt: number;
  trigger: string;
  changed: number;
  removed: number;
  sent: number;
  outcome: string;
  message: string;
}

export interface IndexNowOverview {
  /** null when submissions are on; otherwise why they are off (worded in src/config/admin.ts: indexNowOffText). */
  off: IndexNowOffKind | null;
  /** Who switched it on: the server's settings (INDEXNOW_KEY, which wins), the owner here, or nobody (off). */
  switchedBy: 'server' | 'admin' | null;
  keyLocation: string | null;
  endpointHost: string;
  siteOrigin: string;
  running: boolean;
  trackedPages: number;
  lastRun: IndexNowRun | null;
  submissions: IndexNowSubmission[];
}

export interface AiGeneration {
  id: string;
  at: number;
  type: AiContentType;
  service: string | null;
  prompt: string;
  model: string;
  output: string;
  inputTokens: number | null;
  outputTokens: number | null;
  durationMs: number;
  outcome: AiOutcome;
  message: string | null;
}

export interface AiStatus {
  /** Settings still to set before anything can be generated (empty when ready). */
  missing: string[];
  model: string | null;
  endpointHost: string | null;
  generationsPerHour: number;
  /** The signed-in account's generations in the last hour, and when one is free again if none is (else null). */
  allowance: { used: number; freeAt: number | null };
  lastCall: { at: number; outcome: AiOutcome; message: string | null } | null;
}

export type SiteCheckSeverity = 'error' | 'warning' | 'notice';

export interface SiteCheckFinding {
  url: string | null;
  rule: string;
  severity: SiteCheckSeverity;
  message: string;
  fix: string;
  key: string;
}

export interface SiteCheckPage {
  url: string;
  status: number | null;
  title: string | null;
  jsonLdTypes: string[];
  htmlBytes: number;
  scriptBytes: number;
  skipped: string | null;
}

export interface SiteCheckRun {
  id: string;
  site: string;
  startUrl: string;
  maxPages: number;
  /** interrupted: the process running it stopped. */
  status: 'running' | 'done' | 'cancelled' | 'failed' | 'interrupted';
  createdAt: number;
  finishedAt: number | null;
  phase: 'pages' | 'links';
  progress: { done: number; total: number };
  summary: { pages: number; errors: number; warnings: number; notices: number; passed: number } | null;
  message: string | null;
}

export interface SiteCheckDetail extends SiteCheckRun {
  pages: SiteCheckPage[];
  findings: SiteCheckFinding[];
  /** Against the previous finished run of the same site, if there is one. */
  /** Against the previous finished run with the same start address and page limit, on the pages both checked. */
  comparison: { previousId: string; previousAt: number; pagesCompared: number; newKeys: string[]; fixed: SiteCheckFinding[] } | null;
}

export interface AnalyticsTotals {
  pageViews: number;
  visitors: number;
  visits: number;
  bounces: number;
  engagedMs: number;
  conversions: number;
}

/** A row of an analytics list: the stored value, what it reads as, and a page's title when known. */
export interface AnalyticsRow {
  value: string;
  label: string;
  title?: string;
  count: number;
}

/** One point of the chart: a day, or a month on long periods. */
export interface AnalyticsPoint {
  from: string;
  to: string;
  visitors: number;
  pageViews: number;
}

/** What the Overview shows for a period (and a filter): figures against the period before, the chart, the lists. */
export interface AnalyticsView {
  query: AnalyticsQuery;
  label: string;
  today: string;
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  current: AnalyticsTotals;
  previous: AnalyticsTotals;
  unit: 'day' | 'month';
  series: AnalyticsPoint[];
  /** Each list in full (up to `analyticsView.fullListLimit` rows), largest first. */
  lists: Record<BreakdownDimension, AnalyticsRow[]>;
  /** Goals in the period and the one before (from the daily totals, whatever the filter). */
  goals: { id: GoalKind; count: number; previous: number }[];
  /** 404 visits by the missing path and the site that linked to it ('' when none). */
  notFound: { path: string; referrer: string; count: number }[];
  /** Outbound clicks by the other site. */
  outbound: AnalyticsRow[];
  /** Raw visits are kept this many days; daily totals for good. */
  retentionDays: number;
  /** A filtered view is counted from raw visits, so it covers no day before this one. */
  rawFrom: string;
}

export interface AnalyticsViewAnswer {
  ok: true;
  view: AnalyticsView;
}

export interface CurrentVisitorsAnswer {
  ok: true;
  currentVisitors: number;
}

export interface AnalyticsOverview {
  currentVisitors: number;
  /** The default view, rendered with the page. */
  view: AnalyticsView;
}

export interface VitalSummary {
  metric: VitalMetric;
  formFactor: FormFactor;
  samples: number;
  p75: number | null;
  good: number;
  needsImprovement: number;
  poor: number;
}

export interface PerformanceData {
  from: string;
  to: string;
  siteWide: VitalSummary[];
  pages: { path: string; vitals: VitalSummary[] }[];
}

export interface VitalTrend {
  path: string;
  /** Each day's figures cover it and the days before it, this many in all. */
  windowDays: number;
  days: { day: string; vitals: VitalSummary[] }[];
}

/** What each dashboard tab shows: only its own figures are read, when the tab is opened. */
export interface OverviewTabData {
  tab: 'overview';
  now: number;
  analytics: AnalyticsOverview;
  counts: PeriodCount[];
  /** Enquiries the contact form's limit refused in the last `days` days (each is in the security log). */
  refused: { count: number; days: number };
  latestLeads: Lead[];
  latestEvents: SecurityEvent[];
  status: SiteStatus;
  /** The watch's open alerts, shown first. */
  openAlerts: WatchAlertView[];
}
export interface AiTabData {
  tab: 'ai-tools';
  now: number;
  siteOrigin: string;
  ai: AiStatus;
  aiHistory: AiGeneration[];
}
export interface TestingTabData {
  tab: 'testing';
  now: number;
  siteOrigin: string;
  siteChecks: SiteCheckRun[];
}
export interface PerformanceTabData {
  tab: 'performance';
  now: number;
  performance: PerformanceData;
}
export interface SettingsTabData {
  tab: 'settings';
  now: number;
  status: SiteStatus;
  ai: AiStatus;
  indexNow: IndexNowOverview;
  /** The weekly summary e-mail: on unless turned off (it needs a mail server to go). */
  weeklySummary: { enabled: boolean };
  account: { email: string; twoFactorEnabled: boolean; sessions: SessionInfo[]; events: AccountEvent[] };
}
export interface SearchTabData {
  tab: 'search';
  now: number;
  /** The site's public origin (SITE_URL): the address of a page in the AI prompt an opportunity opens. */
  siteOrigin: string;
  /** The view `overview` was read for: the page address's, so hydration starts from what the server rendered. */
  query: SearchQuery;
  overview: SearchOverview;
  status: SearchStatus;
}

export interface ReportsTabData {
  tab: 'reports';
  now: number;
  reports: ReportsAnswer;
  /** Whether the AI generator can draft a summary (the settings it still needs, if not). */
  aiMissing: string[];
}
/** The watched sites with their health (docs/watch.md). */
export interface SitesTabData {
  tab: 'sites';
  now: number;
  sites: WatchSiteView[];
  quietHours: WatchQuietHours;
}
/** The watch's alerts, open first. */
export interface AlertsTabData {
  tab: 'alerts';
  now: number;
  alerts: WatchAlertView[];
}
export type DashboardTabData =
  OverviewTabData | AiTabData | TestingTabData | PerformanceTabData | SearchTabData | SitesTabData | AlertsTabData | ReportsTabData | SettingsTabData;

/** What each admin endpoint answers: ./admin-answers.ts. */
export type * from './admin-answers';

/**
 * The site's own analytics: what is measured and how the figures are defined. Read by the beacon, the ingest endpoint,
 * the dashboard and the tests, so a definition changes in one place. The README's "Analytics" section says the same.
 */
import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from 'web-vitals';
import type { ViewportClass } from './analytics-wire.mjs';
import { ukTimeZone } from './time-zone.mjs';

export * from './analytics-wire.mjs';

/** Core Web Vitals are shown for phones and tablets apart from laptops and desktops. */
export const formFactors = [
  { id: 'mobile', label: 'Phones and tablets', viewports: ['mobile', 'tablet'] },
  { id: 'desktop', label: 'Laptops and desktops', viewports: ['laptop', 'desktop'] },
] as const;
export type FormFactor = (typeof formFactors)[number]['id'];
export const formFactorOf = (viewport: ViewportClass): FormFactor => formFactors.find((f) => (f.viewports as readonly string[]).includes(viewport))!.id;

/** The five metrics, with web-vitals' own good / poor thresholds and the largest value taken as real. */
export const vitalMetrics = [
  { id: 'LCP', label: 'Largest Contentful Paint', plain: 'how long until the main content shows', max: 60_000, thresholds: LCPThresholds },
  { id: 'INP', label: 'Interaction to Next Paint', plain: 'how quickly the page answers a tap, click or key', max: 20_000, thresholds: INPThresholds },
  { id: 'CLS', label: 'Cumulative Layout Shift', plain: 'how much the page jumps about while it loads', max: 10, thresholds: CLSThresholds },
  { id: 'FCP', label: 'First Contentful Paint', plain: 'how long until anything shows', max: 60_000, thresholds: FCPThresholds },
  { id: 'TTFB', label: 'Time to First Byte', plain: 'how long the server takes to start answering', max: 60_000, thresholds: TTFBThresholds },
] as const;

export const analyticsRules = {
  /** A visit ends after this long without activity. */
  visitGapMs: 30 * 60_000,
  /** "Current visitors" were active within this window. */
  currentWindowMs: 5 * 60_000,
  /** Daily salts older than this are deleted, so yesterday's visitors cannot be followed into today. */
  saltMaxAgeMs: 48 * 60 * 60_000,
  /** Under this many samples a p75 is "not enough data". */
  minVitalSamples: 5,
  /** Largest event body accepted, in bytes. */
  maxBodyBytes: 2048,
  /** Days are counted in the business's own time zone. */
  timeZone: ukTimeZone,
  /** Engaged time counted for one page view at most (a tab left open all night is not 8 hours of reading). */
  maxEngagedMs: 30 * 60_000,
  /**
   * Goals counted for one page view at most: each goal once (an outbound click once per host), and no more than this
   * many in all, so replaying the beacon can neither inflate the goals nor fill the outbound list.
   */
  maxGoalsPerPageView: 10,
} as const;

/**
 * What one client address may add, so nobody can inflate the figures by rotating the user agent or replaying beacons.
 * Generous for people: a reader opens a page every few seconds at most, and an office or a mobile network sharing one
 * address is a few dozen browsers an hour. Beyond the caps, beacons are answered as usual and not counted.
 */
export const analyticsClientCaps = {
  pageViewsPerMinute: 60,
  newVisitorsPerHour: 30,
  /** Visits to a missing page (404) counted an hour: a person meets a few; a script inventing paths would fill the list. */
  notFoundPerHour: 10,
  /** Addresses remembered at once; the least recently seen are forgotten first (bounded memory under a wide flood). */
  trackedAddresses: 10_000,
} as const;

/**
 * The dashboard's periods, each against the same span just before it; 'custom' takes its first and last day from the
 * URL. Spans longer than `monthlyAfterDays` are charted a month a point.
 */
export const analyticsPeriods = [
  { id: 'today', label: 'Today', days: 1 },
  { id: '7d', label: 'Last 7 days', days: 7 },
  { id: '30d', label: 'Last 30 days', days: 30 },
  { id: '90d', label: 'Last 90 days', days: 90 },
  { id: '12m', label: 'Last 12 months', days: 365 },
] as const;
export type FixedPeriod = (typeof analyticsPeriods)[number]['id'];
export type AnalyticsPeriod = FixedPeriod | 'custom';
export const customPeriod = { id: 'custom', label: 'Custom range' } as const;
export const defaultPeriod: FixedPeriod = '7d';

export const analyticsView = {
  /** The chart shows a point a month beyond this many days. */
  monthlyAfterDays: 92,
  /** A custom range spans at most this many days. */
  maxCustomDays: 731,
  /** "Visitors now" is read again this often while the tab is visible. */
  currentVisitorsRefreshMs: 30_000,
  /** Rows of a full list ("Show all") at most. */
  fullListLimit: 1000,
  /** The endpoint's answer to a period it cannot show. */
  badQuery: 'Choose a period: a first and a last day, in order, at most two years apart.',
} as const;

/**
 * The Overview's lists: what each counts, and what a row filters the dashboard by. Source is utm_source when the
 * link was tagged, else the referring site; form factors are devices grouped as Performance groups them.
 */
export const breakdowns = [
  { id: 'page', title: 'Top pages', column: 'Page', counts: 'Page views', empty: 'No page views yet.' },
  { id: 'source', title: 'Sources', column: 'Source', counts: 'Visits', empty: 'No visits yet.', blank: 'Direct or unknown' },
  { id: 'entry', title: 'Entry pages', column: 'Page', counts: 'Visits', empty: 'No visits yet.' },
  { id: 'exit', title: 'Exit pages', column: 'Page', counts: 'Visits', empty: 'No visits yet.' },
  { id: 'campaign', title: 'Campaigns (tagged links)', column: 'Campaign', counts: 'Visits', empty: 'No visits from tagged links yet.' },
  { id: 'browser', title: 'Browsers', column: 'Browser', counts: 'Visits', empty: 'No visits yet.' },
  { id: 'device', title: 'Devices', column: 'Screen', counts: 'Visits', empty: 'No visits yet.' },
  { id: 'formFactor', title: 'Form factors', column: 'Form factor', counts: 'Visits', empty: 'No visits yet.' },
] as const;
export type BreakdownDimension = (typeof breakdowns)[number]['id'];
/** Rows listed per breakdown before "Show all". */
export const breakdownLimit = 10;

/**
 * Goals shown beside enquiries, counted without cookies: visits to a page the site does not have (from its 404 page's
 * beacon), and the clicks the beacon reports (`goalIds`).
 */
export const goals = [
  { id: 'notFound', label: 'Visits to a missing page (404)' },
  { id: 'outbound', label: 'Clicks on links to other sites' },
  { id: 'checklist', label: 'Checklist PDF downloads' },
  { id: 'audit', label: '“Get a Free Audit” clicks' },
] as const;
export type GoalKind = (typeof goals)[number]['id'];

/** Browsers by user agent, first match wins (Edge and Opera say "Chrome" too, Chrome says "Safari"). */
export const browserPatterns = [
  { id: 'Edge', pattern: /\bEdg(?:e|A|iOS)?\// },
  { id: 'Opera', pattern: /\bOPR\/|\bOpera\b/ },
  { id: 'Samsung Internet', pattern: /\bSamsungBrowser\// },
  { id: 'Firefox', pattern: /\bFirefox\/|\bFxiOS\// },
  { id: 'Chrome', pattern: /\bChrome\/|\bCriOS\// },
  { id: 'Safari', pattern: /\bSafari\// },
] as const;
export const otherBrowser = 'Other';
export const browserOf = (userAgent: string): string => browserPatterns.find((b) => b.pattern.test(userAgent))?.id ?? otherBrowser;

/**
 * The weekly summary e-mail to the owner (through the outbox): on by default when a mail server is set, turned off in
 * Settings. It covers the last full week, Monday to Sunday, against the week before, and goes once a week, at the
 * first clean-up pass from Monday on.
 */
export const weeklySummary = {
  /** The settings row holding 'off' when the owner turned it off. */
  settingKey: 'weekly_summary',
  /** The settings row holding the Monday of the last week a summary was queued for. */
  sentKey: 'weekly_summary_sent',
  topPages: 5,
  subject: (from: string, to: string) => `Your week on the site: ${from} – ${to}`,
} as const;

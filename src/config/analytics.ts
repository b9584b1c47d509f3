/**
 * The site's own analytics: what is measured and how the figures are defined. Read by the beacon, the ingest endpoint,
 * the dashboard and the tests, so a definition changes in one place. The README's "Analytics" section says the same.
 */
import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from 'web-vitals';
import type { ViewportClass } from './analytics-wire';

export * from './analytics-wire';

/** Core Web Vitals are shown for phones and tablets apart from laptops and desktops. */
export const formFactors = [
  { id: 'mobile', label: 'Phones and tablets', viewports: ['mobile', 'tablet'] },
  { id: 'desktop', label: 'Laptops and desktops', viewports: ['laptop', 'desktop'] },
] as const;
export type FormFactor = (typeof formFactors)[number]['id'];
export const formFactorOf = (viewport: ViewportClass): FormFactor => formFactors.find((f) => (f.viewports as readonly string[]).includes(viewport))!.id;

/** The five metrics, with web-vitals' own good / poor thresholds and the largest value taken as real. */
export const vitalMetrics = [
  { id: 'LCP', label: 'Largest Contentful Paint', max: 60_000, thresholds: LCPThresholds },
  { id: 'INP', label: 'Interaction to Next Paint', max: 20_000, thresholds: INPThresholds },
  { id: 'CLS', label: 'Cumulative Layout Shift', max: 10, thresholds: CLSThresholds },
  { id: 'FCP', label: 'First Contentful Paint', max: 60_000, thresholds: FCPThresholds },
  { id: 'TTFB', label: 'Time to First Byte', max: 60_000, thresholds: TTFBThresholds },
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
  timeZone: 'Europe/London',
  /** Engaged time counted for one page view at most (a tab left open all night is not 8 hours of reading). */
  maxEngagedMs: 30 * 60_000,
} as const;

/**
 * What one client address may add, so nobody can inflate the figures by rotating the user agent or replaying beacons.
 * Generous for people: a reader opens a page every few seconds at most, and an office or a mobile network sharing one
 * address is a few dozen browsers an hour. Beyond the caps, beacons are answered as usual and not counted.
 */
export const analyticsClientCaps = {
  pageViewsPerMinute: 60,
  newVisitorsPerHour: 30,
  /** Addresses remembered at once; the least recently seen are forgotten first (bounded memory under a wide flood). */
  trackedAddresses: 10_000,
} as const;

/** The dashboard's periods: today, and the last 7 and 30 days including today, each against the same span before. */
export const analyticsPeriods = [
  { id: 'today', label: 'Today', days: 1 },
  { id: '7d', label: 'Last 7 days', days: 7 },
  { id: '30d', label: 'Last 30 days', days: 30 },
] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number]['id'];

/** The Overview's lists: what each counts. Referrer '' is a visit with no referring site. */
export const breakdowns = [
  { id: 'page', title: 'Top pages', counts: 'Page views', empty: 'No page views yet.' },
  { id: 'entry', title: 'Entry pages', counts: 'Visits', empty: 'No visits yet.' },
  { id: 'referrer', title: 'Referrers', counts: 'Visits', empty: 'No visits yet.', blank: 'Direct or unknown' },
  { id: 'campaign', title: 'Campaigns (UTM source / medium / campaign)', counts: 'Visits', empty: 'No visits from tagged links yet.' },
  { id: 'device', title: 'Devices', counts: 'Visits', empty: 'No visits yet.' },
] as const;
export type BreakdownDimension = (typeof breakdowns)[number]['id'];
/** Rows listed per breakdown. */
export const breakdownLimit = 10;

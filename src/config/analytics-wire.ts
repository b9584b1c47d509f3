/**
 * What the analytics beacon and the ingest endpoint agree on. It imports only ./analytics-endpoint.mjs, which no other
 * browser code imports, so the beacon, which every public page loads, stays one small chunk; everything else about
 * analytics is in ./analytics.
 */
export { analyticsEndpoint } from './analytics-endpoint.mjs';

/** Viewport classes by CSS width: below each bound, in order; wider than the last is 'desktop'. */
export const viewportClasses = [
  { id: 'mobile', label: 'Mobile', below: 576 },
  { id: 'tablet', label: 'Tablet', below: 992 },
  { id: 'laptop', label: 'Laptop', below: 1440 },
  { id: 'desktop', label: 'Desktop', below: Infinity },
] as const;
export type ViewportClass = (typeof viewportClasses)[number]['id'];

export type VitalMetric = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/** The events themselves: their schema and types are in ./analytics-event (the beacon takes only the types). */
export type { AnalyticsEvent, EngagementEvent, PageViewEvent } from './analytics-event';

export const viewportOf = (width: number): ViewportClass => viewportClasses.find((c) => width < c.below)!.id;

/**
 * Goals the beacon reports besides enquiries: a click on a link to another site ('outbound'), or on a link to one of
 * these paths: checklist.path and paths.freeAudit written out (a unit test keeps them equal).
 */
export const goalPaths: Record<string, 'checklist' | 'audit'> = { '/downloads/local-seo-checklist.pdf': 'checklist', '/free-seo-audit': 'audit' };

/**
 * What the analytics beacon and the ingest endpoint agree on. Kept free of imports so the beacon, which every public
 * page loads, stays small; everything else about analytics is in ./analytics.
 */
export const analyticsEndpoint = '/api/event';

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

/** Short keys on the wire keep the beacon small. */
export interface PageViewEvent {
  k: 'v';
  /** Page-view id, chosen by the browser so the later engagement beacon finds its page view. */
  id: string;
  p: string;
  /** Referrer host, when another site sent the visitor. */
  r?: string;
  us?: string;
  um?: string;
  uc?: string;
  w: ViewportClass;
}
export interface EngagementEvent {
  k: 'e';
  id: string;
  p: string;
  w: ViewportClass;
  /** Engaged milliseconds since the last engagement beacon of this page view. */
  t: number;
  /** Metrics reported since the last beacon: name → [value, rating]. */
  m?: Partial<Record<VitalMetric, [number, VitalRating]>>;
}
export type AnalyticsEvent = PageViewEvent | EngagementEvent;

export const viewportOf = (width: number): ViewportClass => viewportClasses.find((c) => width < c.below)!.id;

// @ts-check
// What the analytics beacon and the ingest endpoint agree on. Kept free of imports so the beacon, which every public
// page loads, stays small (an import is a chunk of its own); everything else about analytics is in ./analytics.
// Plain JavaScript (typed with JSDoc) so the HTTP front's admission rules (src/server/platform/http/admission-limits.mjs)
// read the beacon's endpoint from here too, outside the bundle: it is written once.

export const analyticsEndpoint = '/api/event';

/** Viewport classes by CSS width: below each bound, in order; wider than the last is 'desktop'. */
export const viewportClasses = /** @type {const} */ ([
  { id: 'mobile', label: 'Mobile', below: 576 },
  { id: 'tablet', label: 'Tablet', below: 992 },
  { id: 'laptop', label: 'Laptop', below: 1440 },
  { id: 'desktop', label: 'Desktop', below: Infinity },
]);
/** @typedef {(typeof viewportClasses)[number]['id']} ViewportClass */

/** @typedef {'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB'} VitalMetric */
/** @typedef {'good' | 'needs-improvement' | 'poor'} VitalRating */

/** The events themselves: their schema and types are in ./analytics-event (the beacon takes only the types). */
/** @typedef {import('./analytics-event').AnalyticsEvent} AnalyticsEvent */
/** @typedef {import('./analytics-event').EngagementEvent} EngagementEvent */
/** @typedef {import('./analytics-event').PageViewEvent} PageViewEvent */

/** @param {number} width @returns {ViewportClass} (the last class is wider than any width) */
export const viewportOf = (width) => /** @type {(typeof viewportClasses)[number]} */ (viewportClasses.find((c) => width < c.below)).id;

/**
 * Goals the beacon reports besides enquiries: a click on a link to another site ('outbound'), or on a link to one of
 * these paths: paths.checklist and paths.freeAudit written out (a unit test keeps them equal; importing ./paths would
 * give the beacon a chunk of its own).
 * @type {Record<string, 'checklist' | 'audit'>}
 */
export const goalPaths = { '/downloads/local-seo-checklist.pdf': 'checklist', '/free-seo-audit': 'audit' };

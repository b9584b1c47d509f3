/** The analytics feature's public module: what other features may call (docs/architecture.md, "Features"). */
export { type Histogram, bucketOf, mergeInto, percentile75 } from './histogram';
export type { AnalyticsService } from './ingest';
export {
  currentVisitors,
  entriesFrom,
  measuredOn,
  pageViewsByPath,
  performanceBetween,
  performanceData,
  totals,
  visitorsStartedBetween,
  vitalsByPath,
} from './report';
export { builtPageHeads, builtPageTitles, pageTitles } from './site-pages';
export { analyticsViewOf } from './view';

/** The watch feature's public module: what other features may call (docs/architecture.md, "Features"). */
export * from './public.mjs';
export type { ChangeItem, CrawlDiff } from './crawl';
export { availabilityBetween, certificateBetween, crawlsBefore, listAlerts, sitesWithHealth } from './health';
export { quietHoursView } from './quiet';
export { getSite, listSites } from './sites';
export type { WatchedSite } from './types';

/** The search feature's public module: what other features may call (docs/architecture.md, "Features"). */
export { searchStatus } from './endpoint';
export type { SearchService } from './service';
export { sourceStates as searchSourceStates } from './store.mjs';
export { firstSearchDay, lastSearchDay, searchKeyed, searchOverview, searchSourcesWithData, searchTotals } from './view';

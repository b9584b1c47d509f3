// @ts-check
// This website's one id among the sites (the registry: src/server/features/sites). Every table keyed by a site holds it:
// the watch's sites, the search data, the reports and their settings. Plain JavaScript, so the search sync (run outside
// the bundle) and the admin's browser code key this site's data by the same id.
export const thisSiteId = 'this-site';

/**
 * What the owner may type for this website where a site is named by hand (`npm run report -- --site this`, an old
 * admin address's `site=this`): read at that edge as `thisSiteId`, never stored. It was this site's report key until
 * migration 0024.
 */
export const thisSiteAlias = 'this';

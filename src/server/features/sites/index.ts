/**
 * The one registry of sites: this website (always watched, its id `thisSiteId`) and the clients' sites the owner
 * watches, each as a `Site`. Features that name a site (the watch, the search data, the reports, and what comes next)
 * key it by this id; the watch feature keeps the sites' rows (`watch_sites`), so the registry reads them through it.
 */
import { thisSiteId } from '~/config/sites.mjs';
import type { Site } from '~/lib/site-types';
import type { Db } from '../../db';
import { getSite, listSites as watchedSites, type WatchedSite } from '../watch';

export { thisSiteAlias, thisSiteId } from '~/config/sites.mjs';
export { siteHosts, siteIdFrom, type Site } from '~/lib/site-types';

/** A watched site as the registry names it (its checks and contacts left to the watch). */
const siteOf = (site: WatchedSite): Site => ({ id: site.id, name: site.name, url: site.url, isThisSite: site.isThisSite });

/** Every site: this website first, then the clients' sites in the order they were added; removed ones on request. */
export async function listSites(db: Db, options: { withRemoved?: boolean } = {}): Promise<Site[]> {
  return (await watchedSites(db, options)).map(siteOf);
}

/** A site by its id, removed or not; null when there is none (never was, or erased). */
export async function siteById(db: Db, id: string): Promise<Site | null> {
  const site = await getSite(db, id);
  return site && siteOf(site);
}

/** Whether an id is this website's. */
export const isThisSiteId = (id: string): boolean => id === thisSiteId;

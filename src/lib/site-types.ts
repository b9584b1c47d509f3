/**
 * A site, as every feature names one: this website or a client's watched site. The one shape the watch's sites, the
 * report's sites and the search's sites share (WatchSite extends it; a report's site and the search's sites are made
 * from it). Its id is `thisSiteId` (src/config/sites.mjs) for this website, a watched site's id otherwise.
 */
import { thisSiteAlias, thisSiteId } from '~/config/sites.mjs';

export interface Site {
  id: string;
  name: string;
  /** Its address as watched (origin and path). */
  url: string;
  isThisSite: boolean;
}

/** The host names a site answers on: its address's, and the same name with or without `www.` (not an IP address's). */
export function siteHosts(site: Pick<Site, 'url'>): string[] {
  const host = new URL(site.url).hostname.toLowerCase();
  if (!host.includes('.') || /^[\d.]+$|^\[/.test(host)) return [host];
  const other = host.startsWith('www.') ? host.slice(4) : `www.${host}`;
  return [host, other];
}

/** A site id as the owner may write it by hand: `this` is this website's id; anything else is itself. */
export const siteIdFrom = (named: string): string => (named === thisSiteAlias ? thisSiteId : named);

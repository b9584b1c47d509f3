/**
 * The public origin the build's pages name (canonical links, structured data) against the one this server runs with.
 * A changed SITE_URL without a new build splits the site between two addresses: the server says so at start and the
 * admin shows it until they agree, but keeps serving.
 */
import type { SiteUrlMismatch } from '~/lib/admin-types';

/** The origins differ, or null. Trailing slashes aside, they must be the same string: http/https and www matter. */
export function siteUrlMismatch(running: string, built: string = __BUILD_INFO__.siteUrl): SiteUrlMismatch | null {
  const clean = (origin: string) => origin.replace(/\/+$/, '');
  return clean(built) === clean(running) ? null : { built: clean(built), running: clean(running) };
}

// @ts-check
// Whether this site may submit to IndexNow at all, and which URLs the owner may submit by hand.
import { isIP } from 'node:net';
import { isPublicAddress } from '../../platform/address-range.mjs';

/** The key file's path on the site. */
export const keyFilePath = (/** @type {string} */ key) => `/${key}.txt`;

/**
 * Why this site must not submit anything, or null when it may: no key, or an origin that is not public https.
 * @param {string} siteUrl
 * @param {string | undefined} key
 * @returns {'no-key' | 'not-https' | 'not-public' | null}
 */
export function indexNowOffKind(siteUrl, key) {
  if (!key) return 'no-key';
  const url = new URL(siteUrl);
  if (url.protocol !== 'https:') return 'not-https';
  if (isLocalHost(url.hostname)) return 'not-public';
  return null;
}

/**
 * The same, for the command line and the logs: in the settings' own names (the admin words it for the owner).
 * @param {string} siteUrl
 * @param {string | undefined} key
 */
export function indexNowOffReason(siteUrl, key) {
  const kind = indexNowOffKind(siteUrl, key);
  const origin = new URL(siteUrl).origin;
  if (kind === 'no-key') return 'INDEXNOW_KEY is not set and IndexNow is not switched on in the admin (Settings), so it is off.';
  if (kind === 'not-https') return `SITE_URL (${origin}) is not an https address: only the public site submits.`;
  if (kind === 'not-public') return `SITE_URL (${origin}) is a loopback or private address: only the public site submits.`;
  return null;
}

/** @param {string} hostname as URL gives it (IPv6 in brackets) */
function isLocalHost(hostname) {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || /\.(localhost|local|internal|home\.arpa)$/.test(host)) return true;
  return isIP(host) !== 0 && !isPublicAddress(host);
}

/**
 * The URL to submit by hand, or why not: a page of this site only.
 * @param {string} input @param {string} siteUrl @param {string[]} pagePaths the sitemap's paths (`sitemapPaths`)
 * @returns {{ url: string } | { error: string }}
 */
export function siteUrlToSubmit(input, siteUrl, pagePaths) {
  let url;
  try {
    url = new URL(input.trim(), siteUrl);
  } catch {
    return { error: 'Enter an address of a page of this site.' };
  }
  const site = new URL(siteUrl);
  if (url.origin !== site.origin) return { error: `Only pages of ${site.host} can be submitted.` };
  // Only a page the site publishes: not the admin, not an address that answers 404. Compared without a trailing slash,
  // and sent in the sitemap's own form.
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (!pagePaths.includes(pathname)) return { error: `${pathname} is not a page of this site (it is not in the sitemap).` };
  return { url: `${site.origin}${pathname}` };
}

// @ts-check
// A search source's page as the site knows it.

/** A page's path on the site, or its full URL when it is elsewhere. @param {string} url @param {string} siteUrl */
export function pagePath(url, siteUrl) {
  try {
    const parsed = new URL(url);
    const site = new URL(siteUrl);
    // A domain property covers www and the bare host, http and https: the path is what identifies the page.
    const bare = (/** @type {string} */ host) => host.replace(/^www\./, '');
    return bare(parsed.hostname) === bare(site.hostname) ? parsed.pathname.replace(/(.)\/$/, '$1') : url;
  } catch {
    return url;
  }
}

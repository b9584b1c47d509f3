// Addresses for the site checker: what a visitor or the owner types, and links as a page writes them.

/** Bad input or an unreachable start: the run cannot begin, and this says why. */
export class SiteCheckError extends Error {}

/**
 * The address to start from, or a SiteCheckError saying what is wrong with the input. "example.co.uk" means https.
 * @param {unknown} input
 */
export function startUrlFrom(input) {
  const text = String(input ?? '').trim();
  if (text === '') throw new SiteCheckError('Enter the address of a site, such as https://www.example.co.uk.');
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^/:]+:\d+(\/|$)/.test(text) ? text : `https://${text}`;
  let url;
  try {
    url = new URL(withScheme);
  } catch {
    throw new SiteCheckError(`"${text}" is not a web address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SiteCheckError(`Only http and https addresses can be checked, not ${url.protocol.slice(0, -1)}: addresses.`);
  }
  if (!url.hostname) throw new SiteCheckError(`"${text}" is not a web address.`);
  url.hash = '';
  return url;
}

/** @param {string} href @param {string} base */
export function resolve(href, base) {
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

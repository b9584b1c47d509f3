// @ts-check
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

/** Longest address a finding quotes whole; longer ones keep their start and their file name. */
const shortMax = 60;

/**
 * An address as a finding quotes it: a path on the page's own site ("/images/hero.jpg"), else host and path, with no
 * query string; an inline data: address by its type; an over-long one cut in the middle, keeping the file name.
 * @param {string} href as the page wrote it @param {string} pageUrl
 */
export function shortAddress(href, pageUrl) {
  const text = href.trim();
  if (text === '') return '(no address)';
  if (/^data:/i.test(text)) return `inline ${text.slice(5).split(/[;,]/)[0] || 'data'} data`;
  let url;
  try {
    url = new URL(text, pageUrl);
  } catch {
    return cut(text);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return cut(text);
  const path = decodeSafely(url.pathname);
  return cut(url.origin === new URL(pageUrl).origin ? path : `${url.host}${path}`);
}

/** @param {string} path */
function decodeSafely(path) {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** @param {string} text */
function cut(text) {
  const chars = [...text];
  if (chars.length <= shortMax) return text;
  const tail = Math.min(chars.length - chars.lastIndexOf('/'), shortMax - 20);
  return `${chars.slice(0, shortMax - tail - 1).join('')}…${chars.slice(-tail).join('')}`;
}

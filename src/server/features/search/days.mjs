// @ts-check
// Calendar days as 'YYYY-MM-DD' strings (they sort and compare as dates), for the search sources' daily data.

/** @param {Date} date */
const iso = (date) => date.toISOString().slice(0, 10);

/** The UTC day of a time. @param {number} at */
export const utcDay = (at) => iso(new Date(at));

/** The day `offset` days after `day` (negative: before). @param {string} day @param {number} offset */
export function addDays(day, offset) {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return iso(date);
}

/** The day `months` calendar months before `day` (clamped to the month's end). @param {string} day @param {number} months */
export function monthsBefore(day, months) {
  const [y, m, d] = day.split('-').map(Number);
  const target = new Date(Date.UTC(/** @type {number} */ (y), /** @type {number} */ (m) - 1 - months, 1, 12));
  const lastOfMonth = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0, 12)).getUTCDate();
  target.setUTCDate(Math.min(/** @type {number} */ (d), lastOfMonth));
  return iso(target);
}

/** Whole days from `from` to `to`, inclusive. @param {string} from @param {string} to */
export const daysBetween = (from, to) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

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

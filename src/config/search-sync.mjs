// @ts-check
// What a search data sync may be given, from what Google documents, and the words of a sync stopped past it (issue
// 39): an API whose pages never end stops the sync with a message instead of filling the disk. The sync
// (src/server/features/search/) and the tests read them from here. Plain JavaScript, as the sync is.
import { bytesInWords } from './answer-limits.mjs';
import { plural } from '../lib/plural.mjs';

export const searchSyncLimits = Object.freeze({
  /** Search Analytics gives at most 25,000 rows an answer (`rowLimit`). */
  rowsPerPage: 25_000,
  /**
   * Google: "Performance report data is limited to 50K rows of data per day per type (web, news, image, and so on)
   * per property" (Search Console help, "Search Console API"). The sync reads one day of one type a request series.
   */
  rowsPerDay: 50_000,
});

/**
 * Requests one day may take: its rows in full pages, then the short (or empty) page that ends them.
 * @param {number} pageSize
 */
export const pagesPerDay = (pageSize) => Math.ceil(searchSyncLimits.rowsPerDay / pageSize) + 1;

/** Why a sync stopped, for the owner (Settings → Search data sources, and the log). */
export const searchSyncRefusals = {
  /** @param {string} day @param {number} pages */
  endlessPages: (day, pages) =>
    `The Search Console API kept sending rows for ${day}: more than ${plural(searchSyncLimits.rowsPerDay, 'row')} in ${plural(pages, 'page')}, while Google documents at most ${plural(searchSyncLimits.rowsPerDay, 'row')} a day. The sync stopped there; the days stored before are kept. Try again later; if it happens again, check GSC_API_URL.`,
  /**
   * @param {string} what who answered @param {number} maxBytes @param {string} asked what was asked for
   * @param {string} setting the setting of that API's address
   */
  tooLarge: (what, maxBytes, asked, setting) =>
    `${what} answered more than ${bytesInWords(maxBytes)} for ${asked}; nothing of it was stored, and the days stored before are kept. Try again later; if it happens again, check ${setting}.`,
};

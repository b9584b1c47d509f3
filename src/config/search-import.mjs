// @ts-check
// The import of a Search Console Performance export: what a real export can hold, so that anything beyond it is
// refused before it costs the server time or memory, and the words of those refusals (the server and the tests read
// them from here). Plain JavaScript, as the import (src/server/features/search/import.mjs) is.
import { plural } from '../lib/plural.mjs';

export const searchExportLimits = Object.freeze({
  /** Search Console's Performance → Export writes at most 1,000 rows a file (its report's table holds no more). */
  maxRowsPerFile: 1000,
  /** The files read, unzipped, all together: a real export of 1,000 rows a file is well under 1 MB. */
  maxUnzippedBytes: 20 * 1024 * 1024,
  /** An export's ZIP holds 7 files. */
  maxZipEntries: 50,
  /** An export's widest file (a comparison of two periods) has 9 columns. */
  maxColumns: 20,
  /** No search data is older than Search Console, which began as Google Sitemaps in 2005. */
  earliestDay: '2005-01-01',
});

/** Why an upload is not an export, for the owner (after "Not imported: "). */
export const searchExportRefusals = {
  /** @param {string} name */
  tooManyRows: (name) =>
    `${name} has more than ${plural(searchExportLimits.maxRowsPerFile, 'row')}; a Search Console export has at most ${plural(searchExportLimits.maxRowsPerFile, 'row')} a file, so it is not one.`,
  /** @param {string} name */
  unzipsTooLarge: (name) =>
    `${name} unzips to more than ${searchExportLimits.maxUnzippedBytes / 1024 / 1024} MB, far more than a Search Console export holds; it is not one.`,
  /** @param {string} name */
  tooManyEntries: (name) => `${name} holds more than ${plural(searchExportLimits.maxZipEntries, 'file')}; a Search Console export holds a few CSV files.`,
  /** @param {string} name @param {number} line */
  tooManyColumns: (name, line) =>
    `${name}, line ${line}: more than ${plural(searchExportLimits.maxColumns, 'column')}; it is not from a Search Console export.`,
  /** @param {number} line @param {string} day */
  notADay: (line, day) => `Dates.csv, line ${line}: ${day} is not a day of the calendar.`,
  /** @param {number} line @param {string} day @param {string} today */
  dayAhead: (line, day, today) => `Dates.csv, line ${line}: ${day} is after today (${today}); an export holds only days that have begun.`,
  /** @param {number} line @param {string} day */
  dayTooEarly: (line, day) => `Dates.csv, line ${line}: ${day} is before ${searchExportLimits.earliestDay}, earlier than any Search Console data.`,
};

/**
 * What an import does beside Google's own data (the Search Console API's sync): it counts as Google's, so on a day
 * the API has synced for the site it would count that day twice. It fills only the days the API does not cover; its
 * queries and pages (totals over all its days, with no split by day) are kept only when none of its days is synced.
 */
export const searchImportOverlap = {
  /** @param {number} days @param {string} from @param {string} to */
  allSynced: (days, from, to) =>
    `every one of its ${plural(days, 'day')} (${from} to ${to}) is already synced from the Search Console API, which gives them query by query; importing them would count them twice, so nothing was imported.`,
  unknownDays:
    "without Dates.csv the export's days are unknown, and this site's Google figures are synced from the Search Console API, so it cannot be kept from counting days twice. Import the whole ZIP (with Dates.csv): it fills only the days the API has not synced.",
  /** @param {number} days */
  leftAsSynced: (days) =>
    `${plural(days, 'day')} already synced from the Search Console API ${days === 1 ? 'was' : 'were'} left as ${days === 1 ? 'it was' : 'they were'}`,
  listsLeftOut: "its queries and pages were not imported: they are totals over all the export's days, synced ones included, so they would count those twice",
  yieldedStart: 'Since the import, ',
  /** @param {number} days @param {boolean} lists */
  yielded: (days, lists) =>
    `Since the import, the Search Console API synced ${plural(days, 'day')} it covered: ${days === 1 ? 'that day is' : 'those days are'} counted from the API only${lists ? ", and the export's queries and pages (totals over all its days) were taken out" : ''}.`,
  /** @param {number} rows */
  removed: (rows) => `The imported export was removed (${plural(rows, 'row')}); the figures now come from the Search Console API and Bing only.`,
  noImport: 'There is no imported export to remove.',
  removeQuestion: "Remove the imported Search Console export? Its figures leave the Search tab and the reports; the API's own data stays.",
};

// @ts-check
// The import of a Search Console Performance export, for an owner without API access: the ZIP Search Console's
// "Export → Download CSV" gives (Queries.csv, Pages.csv, Dates.csv, Devices.csv, Countries.csv, Search appearance.csv,
// Filters.csv), or its Queries.csv and Pages.csv on their own. Anything else is refused with the reason.
// What an export gives, and so how it is stored (as the source 'import'; a new import replaces the previous one, so
// importing again never counts anything twice):
// - Dates.csv: the property's totals day by day. Each day is stored as a day-total row (no query, no page), which is
//   what the daily chart and the period totals read for an import (store.mjs, rollUp).
// - Queries.csv and Pages.csv: totals over the export's whole range only (the first to the last day of Dates.csv; the
//   range Filters.csv names). They are not split across days: they are stored on the range's last day, and the view
//   says when a period covers only part of the range (view.ts, importedRange).
// - The view adds the import to Google's figures, so an import never holds a day the Search Console API has synced for
//   the site: it fills only the other days, keeps its queries and pages only when none of its days is synced, and
//   yields to each later sync (yieldImportToApi). `removeImport` takes it out.
// Reading the files, guarded since they come from outside, is export-files.mjs's.
import { searchExportLimits, searchExportRefusals, searchImportOverlap } from '../../../config/search-import.mjs';
import { plural } from '../../../lib/plural.mjs';
import { thisSiteId } from '../../../config/sites.mjs';
import { isDay, utcDayOf } from '../../../lib/days.mjs';
import { pagePath } from './page-path.mjs';
import { exportFiles, ImportRefused } from './export-files.mjs';
import { dropStaged, recordState, replaceDays, rollUp, sourceStates, stageRows } from './store.mjs';

export { ImportRefused, parseCsv } from './export-files.mjs';

/** The columns of the export's files, as Search Console writes them (in English). */
export const exportColumns = {
  queries: ['Top queries', 'Clicks', 'Impressions', 'CTR', 'Position'],
  pages: ['Top pages', 'Clicks', 'Impressions', 'CTR', 'Position'],
  dates: ['Date', 'Clicks', 'Impressions', 'CTR', 'Position'],
  filters: ['Filter', 'Value'],
};

/**
 * One file's rows, checked against the export's columns.
 * @param {string} name @param {string[][]} csvRows @param {'queries' | 'pages' | 'dates'} kind
 * @returns {{ key: string, clicks: number, impressions: number, position: number }[]}
 */
function readExportFile(name, csvRows, kind) {
  const [header, ...rows] = csvRows;
  const expected = exportColumns[kind];
  // A comparison export ("Compare" in the date filter) has two periods side by side: "Last 28 days Clicks", …
  if (header && header.filter((cell) => /Clicks$/.test(cell.trim())).length > 1) {
    throw new ImportRefused(`${name} compares two periods side by side; export one period (Performance → Date, without "Compare") and import that.`);
  }
  if (!header || header.length !== expected.length || header.some((cell, i) => cell.trim() !== expected[i])) {
    throw new ImportRefused(
      `${name} is not from a Search Console Performance export: its columns are ${header ? header.map((c) => `"${c}"`).join(', ') : 'missing'}; an export's are ${expected.map((c) => `"${c}"`).join(', ')}.`,
    );
  }
  return rows.map((cells, index) => {
    const line = index + 2;
    const [key = '', clicks = '', impressions = '', ctr = '', position = ''] = cells.map((cell) => cell.trim());
    if (!/^\d+$/.test(clicks) || !/^\d+$/.test(impressions)) throw new ImportRefused(`${name}, line ${line}: clicks and impressions must be whole numbers.`);
    if (!/^\d+(\.\d+)?%$/.test(ctr)) throw new ImportRefused(`${name}, line ${line}: CTR must be a percentage such as 12.34%.`);
    if (!/^\d+(\.\d+)?$/.test(position)) throw new ImportRefused(`${name}, line ${line}: position must be a number.`);
    if (Number(clicks) > Number(impressions)) throw new ImportRefused(`${name}, line ${line}: more clicks than impressions.`);
    return { key, clicks: Number(clicks), impressions: Number(impressions), position: Number(position) };
  });
}

/**
 * What Filters.csv says of the export: its date range as Search Console words it ("Last 3 months"), and its search
 * type. Without the file, nothing.
 * @param {string[][] | undefined} csvRows
 * @returns {{ date: string | null, searchType: string | null }}
 */
function readFilters(csvRows) {
  if (csvRows === undefined) return { date: null, searchType: null };
  const [header, ...rows] = csvRows;
  if (!header || header.length < 2 || header[0]?.trim() !== exportColumns.filters[0] || header[1]?.trim() !== exportColumns.filters[1]) {
    throw new ImportRefused(`Filters.csv is not from a Search Console Performance export: its columns should be "Filter", "Value".`);
  }
  const value = (/** @type {string} */ filter) => rows.find((row) => row[0]?.trim() === filter)?.[1]?.trim() || null;
  return { date: value('Date'), searchType: value('Search type') };
}

/**
 * Dates.csv's days: each written as 2026-03-31, a day of the calendar, and one Search Console can have data for
 * (not before it existed, not after today: its days are Pacific time, never ahead of UTC's).
 * @param {{ key: string }[]} dates @param {number} now
 */
function checkDays(dates, now) {
  const today = utcDayOf(now);
  dates.forEach(({ key: day }, index) => {
    const line = index + 2;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new ImportRefused('Dates.csv: each date must be written as 2026-03-31.');
    if (!isDay(day)) throw new ImportRefused(searchExportRefusals.notADay(line, day));
    if (day < searchExportLimits.earliestDay) throw new ImportRefused(searchExportRefusals.dayTooEarly(line, day));
    if (day > today) throw new ImportRefused(searchExportRefusals.dayAhead(line, day, today));
  });
}

/**
 * Imports an export: its daily totals (Dates.csv) day by day, its queries and pages as totals of its range; they
 * replace those of the previous import.
 * @param {import('kysely').Kysely<any>} db
 * @param {{ name: string, bytes: Uint8Array }[]} files
 * @param {{ siteUrl: string, now?: number }} options
 * @returns {Promise<{ queries: number, pages: number, days: number, from: string, to: string, message: string }>}
 */
export async function importExport(db, files, { siteUrl, now = Date.now() }) {
  const texts = await exportFiles(files);
  const read = (/** @type {string} */ name, /** @type {'queries' | 'pages' | 'dates'} */ kind) => {
    const rows = texts.get(name);
    return rows === undefined ? [] : readExportFile(name, rows, kind);
  };
  const queries = read('Queries.csv', 'queries');
  const pages = read('Pages.csv', 'pages');
  const dates = read('Dates.csv', 'dates');
  const filters = readFilters(texts.get('Filters.csv'));
  checkDays(dates, now);
  if (new Set(dates.map((row) => row.key)).size !== dates.length) throw new ImportRefused('Dates.csv lists a day twice.');
  const days = dates.map((row) => row.key).sort();
  // Without Dates.csv the export's days are unknown: everything is counted on the day of the import, and said so.
  const from = days[0] ?? utcDayOf(now);
  const to = days.at(-1) ?? from;
  // The days the API has synced are its own (query by query); the import fills the others only.
  // Only the export's own days count: a day the API synced between two of them is not one of the export's.
  const listed = new Set(days);
  const synced = new Set(dates.length > 0 ? (await apiDays(db, from, to)).filter((day) => listed.has(day)) : []);
  if (dates.length === 0 && (await apiDays(db, '0000-00-00', '9999-99-99', 1)).length > 0) throw new ImportRefused(searchImportOverlap.unknownDays);
  if (dates.length > 0 && synced.size === dates.length) throw new ImportRefused(searchImportOverlap.allSynced(dates.length, from, to));
  // Totals over every day of the export, synced ones included: kept only when none is synced.
  const withLists = synced.size === 0;
  const dayTotals =
    dates.length > 0
      ? dates.filter((row) => !synced.has(row.key)).map((row) => ({ day: row.key, clicks: row.clicks, impressions: row.impressions, position: row.position }))
      : [
          {
            day: to,
            clicks: queries.reduce((sum, row) => sum + row.clicks, 0),
            impressions: queries.reduce((sum, row) => sum + row.impressions, 0),
            // Impression-weighted, as the stored position sums are.
            position: averagePosition(queries),
          },
        ];
  const runId = `import-${now}`;
  try {
    await stageRows(db, runId, 'import', [
      ...dayTotals.map((row) => ({ ...row, query: '', page: '', device: '' })),
      ...(withLists ? queries : []).map((row) => ({
        day: to,
        query: row.key,
        page: '',
        device: '',
        clicks: row.clicks,
        impressions: row.impressions,
        position: row.position,
      })),
      ...(withLists ? pages : []).map((row) => ({
        day: to,
        query: '',
        page: pagePath(row.key, siteUrl),
        device: '',
        clicks: row.clicks,
        impressions: row.impressions,
        position: row.position,
      })),
    ]);
    // Every day: the previous import, whatever its days, is replaced.
    await replaceDays(db, runId, 'import', '0000-00-00', '9999-99-99');
  } catch (error) {
    await dropStaged(db, runId).catch(() => {});
    throw error;
  }
  const named = [filters.date, filters.searchType && filters.searchType !== 'Web' ? `${filters.searchType} search` : null].filter(Boolean).join(', ');
  const range = from === to ? `on ${from}` : `for ${from} to ${to}`;
  const message =
    dates.length === 0
      ? `Imported ${plural(queries.length, 'query', 'queries')} and ${plural(pages.length, 'page')}, counted on ${to}: without Dates.csv the export's days are unknown.`
      : withLists
        ? `Imported ${plural(queries.length, 'query', 'queries')} and ${plural(pages.length, 'page')} (totals ${range}${named ? `, ${named}` : ''}) and the daily totals of ${plural(dates.length, 'day')}.`
        : `Imported the daily totals of ${plural(dayTotals.length, 'day')} of ${from} to ${to}${named ? ` (${named})` : ''}; ${searchImportOverlap.leftAsSynced(synced.size)}, and ${searchImportOverlap.listsLeftOut}.`;
  await recordState(db, 'import', { state: 'ok', message, at: now });
  return {
    queries: withLists ? queries.length : 0,
    pages: withLists ? pages.length : 0,
    days: dates.length > 0 ? dayTotals.length : 0,
    from,
    to,
    message,
  };
}

/**
 * The days from `from` to `to` (inclusive) that the Search Console API's sync stored for the site (its day totals,
 * one row a day), at most `limit` of them.
 * @param {import('kysely').Kysely<any>} db @param {string} from @param {string} to @param {number} [limit] @param {string} [site]
 * @returns {Promise<string[]>}
 */
async function apiDays(db, from, to, limit, site = thisSiteId) {
  let query = db
    .selectFrom('search_daily')
    .select('day')
    .where('site', '=', site)
    .where('source', '=', 'google')
    .where('day', '>=', from)
    .where('day', '<=', to);
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map((row) => /** @type {string} */ (row.day));
}

/**
 * After a sync: the import gives way on the days the API now covers (an import made before the API was connected, or
 * a database that counted both before imports gave way). Its day totals on those days go; its queries and pages,
 * totals over all its days, go too when any of its days is synced. Returns the days given up.
 * @param {import('kysely').Kysely<any>} db @param {{ now?: number, site?: string }} [options]
 * @returns {Promise<number>}
 */
export async function yieldImportToApi(db, { now = Date.now(), site = thisSiteId } = {}) {
  const span = await db
    .selectFrom('search_rows')
    .select((eb) => [eb.fn.min('day').as('from'), eb.fn.max('day').as('to')])
    .where('site', '=', site)
    .where('source', '=', 'import')
    .executeTakeFirst();
  const from = /** @type {string | null} */ (span?.from ?? null);
  const to = /** @type {string | null} */ (span?.to ?? null);
  if (!from || !to) return 0;
  const synced = await apiDays(db, from, to, undefined, site);
  if (synced.length === 0) return 0;
  const lists = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('search_rows').where('site', '=', site).where('source', '=', 'import').where('day', 'in', synced).execute();
    const listed = await trx
      .deleteFrom('search_rows')
      .where('site', '=', site)
      .where('source', '=', 'import')
      .where((eb) => eb.or([eb('query', '!=', ''), eb('page', '!=', '')]))
      .executeTakeFirst();
    await rollUp(trx, 'import', from, to, site);
    return Number(listed.numDeletedRows) > 0;
  });
  const previous = (await sourceStates(db, site)).find((state) => state.source === 'import');
  await recordState(
    db,
    'import',
    {
      state: 'ok',
      message: `${importMessageOf(previous?.message)} ${searchImportOverlap.yielded(synced.length, lists)}`.trim(),
      at: previous?.lastAttemptAt ?? now,
    },
    site,
  );
  return synced.length;
}

/** The import's own message, without what an earlier sync's yielding added to it. @param {string | undefined} message */
const importMessageOf = (message) => (message ?? '').split(searchImportOverlap.yieldedStart)[0]?.trim() ?? '';

/**
 * Removes the imported export: exactly its rows and its roll-ups, and its line in Settings. Returns the rows removed
 * (0: there was none).
 * @param {import('kysely').Kysely<any>} db @param {string} [site]
 * @returns {Promise<number>}
 */
export async function removeImport(db, site = thisSiteId) {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('search_rows').where('site', '=', site).where('source', '=', 'import').executeTakeFirst();
    for (const table of /** @type {const} */ (['search_daily', 'search_monthly_queries', 'search_monthly_pages', 'search_sources']))
      await trx.deleteFrom(table).where('site', '=', site).where('source', '=', 'import').execute();
    return Number(removed.numDeletedRows);
  });
}

/** Impression-weighted average position of rows, as Search Console averages it. @param {{ impressions: number, position: number }[]} rows */
function averagePosition(rows) {
  const impressions = rows.reduce((sum, row) => sum + row.impressions, 0);
  return impressions > 0 ? rows.reduce((sum, row) => sum + row.position * row.impressions, 0) / impressions : 0;
}

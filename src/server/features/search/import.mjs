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
import { unzipSync } from 'fflate';
import { plural } from '../../../lib/plural.mjs';
import { pagePath, utcDay } from './days.mjs';
import { dropStaged, recordState, replaceDays, stageRows } from './store.mjs';

/** Refused: the reason is for the owner. */
export class ImportRefused extends Error {}

/** The most an export may hold once unzipped (Search Console's are at most 1,000 rows a file: well under 1 MB). */
export const importMaxBytes = 20 * 1024 * 1024;

/** The columns of the export's files, as Search Console writes them (in English). */
export const exportColumns = {
  queries: ['Top queries', 'Clicks', 'Impressions', 'CTR', 'Position'],
  pages: ['Top pages', 'Clicks', 'Impressions', 'CTR', 'Position'],
  dates: ['Date', 'Clicks', 'Impressions', 'CTR', 'Position'],
  filters: ['Filter', 'Value'],
};

/**
 * RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF), without a BOM.
 * @param {string} text
 * @returns {string[][]}
 */
export function parseCsv(text) {
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[]} */
  let row = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/**
 * One file's rows, checked against the export's columns.
 * @param {string} name @param {string} text @param {'queries' | 'pages' | 'dates'} kind
 * @returns {{ key: string, clicks: number, impressions: number, position: number }[]}
 */
function readExportFile(name, text, kind) {
  const [header, ...rows] = parseCsv(text);
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
 * @param {string | undefined} text
 * @returns {{ date: string | null, searchType: string | null }}
 */
function readFilters(text) {
  if (text === undefined) return { date: null, searchType: null };
  const [header, ...rows] = parseCsv(text);
  if (!header || header.length < 2 || header[0]?.trim() !== exportColumns.filters[0] || header[1]?.trim() !== exportColumns.filters[1]) {
    throw new ImportRefused(`Filters.csv is not from a Search Console Performance export: its columns should be "Filter", "Value".`);
  }
  const value = (/** @type {string} */ filter) => rows.find((row) => row[0]?.trim() === filter)?.[1]?.trim() || null;
  return { date: value('Date'), searchType: value('Search type') };
}

/**
 * The export's files by name (a ZIP's entries, or the CSVs given), refusing what is not an export.
 * @param {{ name: string, bytes: Uint8Array }[]} files
 * @returns {Map<string, string>} base name → text
 */
export function exportFiles(files) {
  if (files.length === 0) throw new ImportRefused('Choose the ZIP file Search Console exported, or its Queries.csv and Pages.csv.');
  /** @type {Map<string, string>} */
  const texts = new Map();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (/** @type {string} */ name, /** @type {Uint8Array} */ bytes) => {
    try {
      return decoder.decode(bytes);
    } catch {
      throw new ImportRefused(`${name} is not a text (CSV) file.`);
    }
  };
  for (const file of files) {
    const isZip = file.bytes[0] === 0x50 && file.bytes[1] === 0x4b && file.bytes[2] === 0x03 && file.bytes[3] === 0x04;
    if (isZip) {
      let total = 0;
      /** @type {Record<string, Uint8Array>} */
      let entries;
      try {
        entries = unzipSync(file.bytes, {
          filter: (entry) => {
            if (!/\.csv$/i.test(entry.name)) return false;
            total += entry.originalSize;
            if (total > importMaxBytes) throw new ImportRefused(`${file.name} unzips to more than an export holds; it is not a Search Console export.`);
            return true;
          },
        });
      } catch (error) {
        if (error instanceof ImportRefused) throw error;
        throw new ImportRefused(`${file.name} is not a ZIP file that can be read.`);
      }
      for (const [entry, bytes] of Object.entries(entries)) texts.set(entry.split('/').pop() ?? entry, decode(entry, bytes));
    } else if (/\.csv$/i.test(file.name)) {
      if (file.bytes.length > importMaxBytes) throw new ImportRefused(`${file.name} is larger than an export's file.`);
      texts.set(file.name.split(/[\\/]/).pop() ?? file.name, decode(file.name, file.bytes));
    } else {
      throw new ImportRefused(`${file.name} is neither a ZIP nor a CSV file: choose the ZIP Search Console exported, or its Queries.csv and Pages.csv.`);
    }
  }
  if (!texts.has('Queries.csv') && !texts.has('Pages.csv')) {
    throw new ImportRefused(
      `There is no Queries.csv or Pages.csv${files.length === 1 ? ` in ${files[0]?.name}` : ''}: it is not a Search Console Performance export (Performance → Export → Download CSV).`,
    );
  }
  return texts;
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
  const texts = exportFiles(files);
  const read = (/** @type {string} */ name, /** @type {'queries' | 'pages' | 'dates'} */ kind) => {
    const text = texts.get(name);
    return text === undefined ? [] : readExportFile(name, text, kind);
  };
  const queries = read('Queries.csv', 'queries');
  const pages = read('Pages.csv', 'pages');
  const dates = read('Dates.csv', 'dates');
  const filters = readFilters(texts.get('Filters.csv'));
  if (dates.some((row) => !/^\d{4}-\d{2}-\d{2}$/.test(row.key) || Number.isNaN(Date.parse(`${row.key}T00:00:00Z`)))) {
    throw new ImportRefused('Dates.csv: each date must be written as 2026-03-31.');
  }
  if (new Set(dates.map((row) => row.key)).size !== dates.length) throw new ImportRefused('Dates.csv lists a day twice.');
  const days = dates.map((row) => row.key).sort();
  // Without Dates.csv the export's days are unknown: everything is counted on the day of the import, and said so.
  const from = days[0] ?? utcDay(now);
  const to = days.at(-1) ?? from;
  const dayTotals =
    dates.length > 0
      ? dates.map((row) => ({ day: row.key, clicks: row.clicks, impressions: row.impressions, position: row.position }))
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
      ...queries.map((row) => ({ day: to, query: row.key, page: '', device: '', clicks: row.clicks, impressions: row.impressions, position: row.position })),
      ...pages.map((row) => ({
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
    dates.length > 0
      ? `Imported ${plural(queries.length, 'query', 'queries')} and ${plural(pages.length, 'page')} (totals ${range}${named ? `, ${named}` : ''}) and the daily totals of ${plural(dates.length, 'day')}.`
      : `Imported ${plural(queries.length, 'query', 'queries')} and ${plural(pages.length, 'page')}, counted on ${to}: without Dates.csv the export's days are unknown.`;
  await recordState(db, 'import', { state: 'ok', message, at: now });
  return { queries: queries.length, pages: pages.length, days: dates.length, from, to, message };
}

/** Impression-weighted average position of rows, as Search Console averages it. @param {{ impressions: number, position: number }[]} rows */
function averagePosition(rows) {
  const impressions = rows.reduce((sum, row) => sum + row.impressions, 0);
  return impressions > 0 ? rows.reduce((sum, row) => sum + row.position * row.impressions, 0) / impressions : 0;
}

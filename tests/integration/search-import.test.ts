/**
 * The import of a Search Console Performance export (its ZIP as Search Console writes it, or Queries.csv and
 * Pages.csv), on SQLite and (with TEST_DATABASE_URL) PostgreSQL: figures exactly as in the files, the daily totals
 * day by day (Dates.csv), the queries and pages as totals of the export's range (a period holding part of it says
 * so), a second import replacing the first, and anything that is not an export refused with the reason — a file of
 * more rows than an export holds, a ZIP that lies about its unzipped size, an impossible day — at once, without
 * holding up the event loop.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSettings } from '../../src/config/settings.mjs';
import type { Db } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { searchText } from '../../src/config/search';
import { searchExportLimits, searchExportRefusals, searchImportOverlap } from '../../src/config/search-import.mjs';
import { addDays } from '../../src/lib/days.mjs';
import { ImportRefused, importExport, parseCsv, removeImport, yieldImportToApi } from '../../src/server/features/search/import.mjs';
import { replaceDays, sourceStates, stageRows } from '../../src/server/features/search/store.mjs';
import { searchOverview, topQueries } from '../../src/server/features/search/view';
import { createTarget, databaseNames, type DatabaseTarget, openTarget } from '../support/databases';
import { lyingZip, manyRowsCsv, manyRowsZip } from '../support/hostile-exports.mjs';
import { thisSiteId } from '../../src/config/sites.mjs';

const siteUrl = loadSettings({}).siteUrl;
const fixtureDir = 'tests/fixtures/search-console-export';
const fixture = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(path.join(fixtureDir, name))) });
/** The export as Search Console's "Download CSV" gives it: every file in one ZIP. */
const exportZip = () => ({
  name: 'hale-digital.example-Performance-on-Search-2026-03-08.zip',
  bytes: zipSync(Object.fromEntries(readdirSync(fixtureDir).map((name) => [name, new Uint8Array(readFileSync(path.join(fixtureDir, name)))]))),
});

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
    ]);
    expect(parseCsv('a,"line\r\nbreak"\r\n\r\n  , \nlast')).toEqual([['a', 'line\r\nbreak'], ['last']]);
  });
});

/**
 * Runs `work` while a timer ticks every 5 ms, and says how long the event loop was held at most (what a request such
 * as /api/health would have waited) and how long the work took.
 */
async function watchingTheLoop<T>(work: () => Promise<T>) {
  let last = performance.now();
  let longestMs = 0;
  const timer = setInterval(() => {
    const at = performance.now();
    longestMs = Math.max(longestMs, at - last);
    last = at;
  }, 5);
  const started = performance.now();
  try {
    const outcome = await work().then(
      (value) => ({ value, error: null }),
      (error: unknown) => ({ value: null, error }),
    );
    const tookMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
    longestMs = Math.max(longestMs, performance.now() - last);
    return { ...outcome, tookMs, longestMs };
  } finally {
    clearInterval(timer);
  }
}

describe.each(databaseNames())('search export import on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  beforeEach(async () => {
    target = await createTarget(name);
    const opened = await openTarget(target);
    db = opened.db;
    await migrateToLatest(db, opened.kind);
  });
  afterEach(async () => {
    await db.destroy();
    await target.dispose();
  });

  const rows = () => db.selectFrom('search_rows').selectAll().where('source', '=', 'import').orderBy('query').orderBy('page').execute();

  /** The fixture's Dates.csv, as Search Console writes it: the property's totals day by day. */
  const fixtureDays = parseCsv(readFileSync(path.join(fixtureDir, 'Dates.csv'), 'utf8'))
    .slice(1)
    .map(([day, clicks, impressions]) => ({ day: day!, clicks: Number(clicks), impressions: Number(impressions) }))
    .sort((a, b) => a.day.localeCompare(b.day));
  const [firstDay, lastDay] = [fixtureDays[0]!.day, fixtureDays.at(-1)!.day];

  it('imports the ZIP: the daily totals day by day, every query and page as totals of its range', async () => {
    const result = await importExport(db, [exportZip()], { siteUrl });
    expect(result).toMatchObject({ queries: 5, pages: 3, days: 3, from: firstDay, to: lastDay });
    const stored = await rows();
    expect(stored).toHaveLength(5 + 3 + 3);
    // Each day of Dates.csv is a day-total row (no query, no page), figures as in the file.
    const dayTotals = stored.filter((row) => row.query === '' && row.page === '');
    expect(dayTotals.map((row) => [row.day, Number(row.clicks), Number(row.impressions)]).sort()).toEqual(
      fixtureDays.map((d) => [d.day, d.clicks, d.impressions]),
    );
    const queries = stored.filter((row) => row.query !== '');
    expect(queries.map((row) => row.query)).toEqual([
      'local seo, hatfield',
      'seo consultant hertfordshire',
      'seo hatfield',
      'technical seo audit',
      'welwyn garden city seo',
    ]);
    expect(queries.reduce((sum, row) => sum + Number(row.clicks), 0)).toBe(42 + 17 + 9 + 0 + 3);
    expect(queries.reduce((sum, row) => sum + Number(row.impressions), 0)).toBe(610 + 940 + 120 + 385 + 77);
    const hatfield = queries.find((row) => row.query === 'seo hatfield')!;
    expect(Number(hatfield.position_sum) / Number(hatfield.impressions)).toBeCloseTo(3.2, 10);
    expect(stored.filter((row) => row.page !== '').map((row) => row.page)).toEqual(['/', '/audit', '/services/local-seo']);
    // The queries and pages are totals of the whole range, not of a day: kept together on its last day.
    expect([...queries, ...stored.filter((row) => row.page !== '')].every((row) => row.day === lastDay)).toBe(true);
    const state = (await sourceStates(db)).find((s) => s.source === 'import');
    expect(state).toMatchObject({
      state: 'ok',
      rowsStored: 11,
      dataToDay: lastDay,
      message: `Imported 5 queries and 3 pages (totals for ${firstDay} to ${lastDay}, Last 3 days) and the daily totals of 3 days.`,
    });
  });

  it("the view: the chart and the period's totals per day from Dates.csv; a period holding part of the range says so", async () => {
    await importExport(db, [exportZip()], { siteUrl });
    const at = Date.parse(`${lastDay}T12:00:00Z`) + 86_400_000;
    const overview = await searchOverview(db, { site: thisSiteId, period: '7d', source: 'google' }, at);
    const inSeries = overview.series.filter((p) => p.impressions > 0).map((p) => [p.day, p.clicks, p.impressions]);
    expect(inSeries).toEqual(fixtureDays.map((d) => [d.day, d.clicks, d.impressions]));
    expect(overview.totals).toMatchObject({
      clicks: fixtureDays.reduce((sum, d) => sum + d.clicks, 0),
      impressions: fixtureDays.reduce((sum, d) => sum + d.impressions, 0),
    });
    expect(overview.imported).toEqual({ from: firstDay, to: lastDay, days: 3, covered: 3, listed: true });
    // Bing alone does not read the export.
    expect((await searchOverview(db, { site: thisSiteId, period: '7d', source: 'bing' }, at)).imported).toBeNull();
    const top = await topQueries(db, { site: thisSiteId, period: '7d', source: 'google', list: 'queries', search: '', offset: 0, limit: 10 }, at);
    expect(top.rows[0]).toMatchObject({ query: 'seo hatfield', clicks: 42, impressions: 610 });

    // A later day of Google's own: the 7 days now hold only the export's last two days.
    await stageRows(db, 'later', 'google', [
      { day: addDays(lastDay, 5), query: 'seo hatfield', page: '/', device: 'MOBILE', clicks: 1, impressions: 10, position: 2 },
    ]);
    await replaceDays(db, 'later', 'google', addDays(lastDay, 5), addDays(lastDay, 5));
    const later = await searchOverview(db, { site: thisSiteId, period: '7d', source: 'google' }, at + 5 * 86_400_000);
    expect(later.range.from).toBe(addDays(lastDay, -1));
    expect(later.imported).toEqual({ from: firstDay, to: lastDay, days: 3, covered: 2, listed: true });
    // Its totals count only the export's days in the period; the lists still carry its whole-range queries.
    const inPeriod = fixtureDays.filter((d) => d.day >= later.range.from);
    expect(later.totals.clicks).toBe(inPeriod.reduce((sum, d) => sum + d.clicks, 0) + 1);
    const note = searchText.importedNote(later.imported!, (day) => day);
    expect(note).toContain(`totals for ${firstDay} – ${lastDay} (3 days)`);
    expect(note).toContain('This period holds only 2 days of them');
  });

  it('imports Queries.csv and Pages.csv given on their own (counted on the day of the import, and said so); a new import replaces the previous', async () => {
    await importExport(db, [exportZip()], { siteUrl });
    const result = await importExport(db, [fixture('Queries.csv')], { siteUrl, now: Date.parse('2026-03-20T09:00:00Z') });
    expect(result).toMatchObject({ queries: 5, pages: 0, days: 0, from: '2026-03-20', to: '2026-03-20' });
    expect(result.message).toContain("without Dates.csv the export's days are unknown");
    const stored = await rows();
    // The queries and one day total, their sum.
    expect(stored).toHaveLength(6);
    expect(stored.every((row) => row.day === '2026-03-20')).toBe(true);
    const total = stored.find((row) => row.query === '' && row.page === '')!;
    expect([Number(total.clicks), Number(total.impressions)]).toEqual([71, 2132]);
  });

  /**
   * Google's own rows, as the Search Console API's sync stores them (query × page × device, per day): a stand-in
   * whose figures the tests sum themselves.
   */
  const googleRows = (days: string[]) =>
    days.flatMap((day, i) => [
      { day, query: 'seo hatfield', page: '/', device: 'MOBILE', clicks: 11 + i, impressions: 200 + i, position: 3 },
      { day, query: 'seo hatfield', page: '/', device: 'DESKTOP', clicks: 4, impressions: 90, position: 2.5 },
      { day, query: 'web designer hatfield', page: '/services/web-design', device: 'MOBILE', clicks: 2, impressions: 130 + 10 * i, position: 7 },
    ]);
  const syncGoogle = async (days: string[]) => {
    await stageRows(db, `sync-${days.join()}`, 'google', googleRows(days));
    await replaceDays(db, `sync-${days.join()}`, 'google', days[0]!, days.at(-1)!);
  };
  const sum = (rows: { clicks: number; impressions: number }[]) => ({
    clicks: rows.reduce((total, row) => total + row.clicks, 0),
    impressions: rows.reduce((total, row) => total + row.impressions, 0),
  });
  const dayAfter = Date.parse(`${lastDay}T12:00:00Z`) + 86_400_000;
  const tables = ['search_rows', 'search_daily', 'search_monthly_queries', 'search_monthly_pages', 'search_sources'] as const;
  const importRowsIn = async (table: (typeof tables)[number]) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('source', '=', 'import')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('an export of days the API has synced is refused with the reason, and the figures stay as synced', async () => {
    const days = fixtureDays.map((d) => d.day);
    await syncGoogle(days);
    const refused = importExport(db, [exportZip()], { siteUrl });
    await expect(refused).rejects.toBeInstanceOf(ImportRefused);
    await expect(refused).rejects.toThrow(searchImportOverlap.allSynced(days.length, firstDay, lastDay));
    const overview = await searchOverview(db, { site: thisSiteId, period: '7d', source: 'google' }, dayAfter);
    expect(overview.totals).toMatchObject(sum(googleRows(days)));
    const top = await topQueries(db, { site: thisSiteId, period: '7d', source: 'google', list: 'queries', search: '', offset: 0, limit: 10 }, dayAfter);
    expect(top.rows.find((row) => row.query === 'seo hatfield')).toMatchObject(sum(googleRows(days).filter((row) => row.query === 'seo hatfield')));
    expect(await rows()).toHaveLength(0);
    // Queries.csv alone (days unknown) cannot be kept apart from the synced days either.
    await expect(importExport(db, [fixture('Queries.csv')], { siteUrl })).rejects.toThrow(searchImportOverlap.unknownDays);
  });

  it('an export partly synced fills only the days the API has not, and says how many it left', async () => {
    const synced = fixtureDays.slice(1).map((d) => d.day);
    await syncGoogle(synced);
    const result = await importExport(db, [exportZip()], { siteUrl });
    const unsynced = fixtureDays.filter((d) => !synced.includes(d.day));
    expect(result).toMatchObject({ queries: 0, pages: 0, days: unsynced.length });
    expect(result.message).toContain(searchImportOverlap.leftAsSynced(synced.length));
    expect(result.message).toContain(searchImportOverlap.listsLeftOut);
    const overview = await searchOverview(db, { site: thisSiteId, period: '7d', source: 'google' }, dayAfter);
    // Each synced day is the API's alone; the other day is the export's.
    expect(overview.totals).toMatchObject({
      clicks: sum(googleRows(synced)).clicks + sum(unsynced).clicks,
      impressions: sum(googleRows(synced)).impressions + sum(unsynced).impressions,
    });
    for (const day of fixtureDays) {
      const point = overview.series.find((p) => p.day === day.day)!;
      const truth = synced.includes(day.day) ? sum(googleRows(synced).filter((row) => row.day === day.day)) : day;
      expect([point.clicks, point.impressions]).toEqual([truth.clicks, truth.impressions]);
    }
    // The lists are the API's: the export's totals over all three days would count the synced two twice.
    const top = await topQueries(db, { site: thisSiteId, period: '7d', source: 'google', list: 'queries', search: '', offset: 0, limit: 10 }, dayAfter);
    expect(top.rows.map((row) => row.query).sort()).toEqual(['seo hatfield', 'web designer hatfield']);
    expect(overview.imported).toBeNull();
  });

  it('an import made before the API synced its days gives way at the next sync (the repair of doubled figures)', async () => {
    await importExport(db, [exportZip()], { siteUrl });
    // The state an import on top of synced data left before imports gave way: Google's days, and the export's too.
    const synced = fixtureDays.slice(0, 2).map((d) => d.day);
    await syncGoogle(synced);
    expect(await yieldImportToApi(db)).toBe(synced.length);
    const rest = fixtureDays.filter((d) => !synced.includes(d.day));
    const overview = await searchOverview(db, { site: thisSiteId, period: '7d', source: 'google' }, dayAfter);
    expect(overview.totals).toMatchObject({
      clicks: sum(googleRows(synced)).clicks + sum(rest).clicks,
      impressions: sum(googleRows(synced)).impressions + sum(rest).impressions,
    });
    const top = await topQueries(db, { site: thisSiteId, period: '7d', source: 'google', list: 'queries', search: '', offset: 0, limit: 10 }, dayAfter);
    expect(top.rows.find((row) => row.query === 'seo hatfield')).toMatchObject(sum(googleRows(synced).filter((row) => row.query === 'seo hatfield')));
    expect((await sourceStates(db)).find((s) => s.source === 'import')?.message).toContain(searchImportOverlap.yielded(synced.length, true));
    // A second sync of the same days finds nothing more to give up.
    expect(await yieldImportToApi(db)).toBe(0);
  });

  it('removing the import deletes exactly its rows and roll-ups; the API data stays', async () => {
    await importExport(db, [exportZip()], { siteUrl });
    const later = addDays(lastDay, 3);
    await syncGoogle([later]);
    const googleBefore = await db.selectFrom('search_rows').selectAll().where('source', '=', 'google').orderBy('query').orderBy('device').execute();
    expect(await removeImport(db)).toBe(11);
    for (const table of tables) expect(await importRowsIn(table)).toBe(0);
    expect(await db.selectFrom('search_rows').selectAll().where('source', '=', 'google').orderBy('query').orderBy('device').execute()).toEqual(googleBefore);
    const overview = await searchOverview(db, { site: thisSiteId, period: '28d', source: 'google' }, Date.parse(`${later}T12:00:00Z`) + 86_400_000);
    expect(overview.totals).toMatchObject(sum(googleRows([later])));
    expect(await removeImport(db)).toBe(0);
  });

  it('a file of more rows than an export holds is refused at once, the event loop never held long; 1,000 rows are imported', async () => {
    await importExport(db, [exportZip()], { siteUrl });
    // 1,000,000 rows alike, 16 MB unzipped: a ZIP of about 30 KB (the probe's, which froze the server for 22 s).
    const many = manyRowsZip(1_000_000);
    const watched = await watchingTheLoop(() => importExport(db, [many], { siteUrl }));
    expect(watched.error).toBeInstanceOf(ImportRefused);
    expect((watched.error as Error).message).toBe(searchExportRefusals.tooManyRows('Queries.csv'));
    // Generous bounds for a shared machine: the file is refused at its 1,001st row, well within either.
    expect(watched.tookMs).toBeLessThan(5_000);
    expect(watched.longestMs).toBeLessThan(1_000);
    // A CSV given as it is: one row over the cap.
    const over = importExport(db, [{ name: 'Queries.csv', bytes: manyRowsCsv(searchExportLimits.maxRowsPerFile + 1, false) }], { siteUrl });
    await expect(over).rejects.toThrow(searchExportRefusals.tooManyRows('Queries.csv'));
    expect(await rows()).toHaveLength(11);
    // As many rows as an export holds are imported.
    const full = await importExport(db, [{ name: 'Queries.csv', bytes: manyRowsCsv(searchExportLimits.maxRowsPerFile, false) }], { siteUrl });
    expect(full.queries).toBe(searchExportLimits.maxRowsPerFile);
  }, 60_000);

  it('a ZIP that says it unzips to 1,000 bytes and holds 512 MiB is refused as soon as the limit is passed', async () => {
    const lying = await lyingZip(512);
    // About 1 KB a MiB: the upload is far below the route's limit.
    expect(lying.bytes.length).toBeLessThan(1024 * 1024);
    const watched = await watchingTheLoop(() => importExport(db, [lying], { siteUrl }));
    expect(watched.error).toBeInstanceOf(ImportRefused);
    expect((watched.error as Error).message).toBe(searchExportRefusals.unzipsTooLarge('lying.zip'));
    // Fully inflated, it took the old reading more than 5 s with the event loop held throughout.
    expect(watched.tookMs).toBeLessThan(3_000);
    expect(watched.longestMs).toBeLessThan(1_000);
  }, 60_000);

  it.each([
    ['9999-99-99', searchExportRefusals.notADay(3, '9999-99-99')],
    ['2026-02-30', searchExportRefusals.notADay(3, '2026-02-30')],
    ['2026-13-01', searchExportRefusals.notADay(3, '2026-13-01')],
    ['2026-03-21', searchExportRefusals.dayAhead(3, '2026-03-21', '2026-03-20')],
    ['2004-12-31', searchExportRefusals.dayTooEarly(3, '2004-12-31')],
  ])('Dates.csv with %s is refused with the reason', async (date, reason) => {
    await importExport(db, [exportZip()], { siteUrl });
    const dates = new TextEncoder().encode(`Date,Clicks,Impressions,CTR,Position\n2026-03-01,1,10,10%,3\n${date},3,10,30%,4\n`);
    const refused = importExport(db, [fixture('Queries.csv'), { name: 'Dates.csv', bytes: dates }], { siteUrl, now: Date.parse('2026-03-20T23:30:00Z') });
    await expect(refused).rejects.toBeInstanceOf(ImportRefused);
    await expect(refused).rejects.toThrow(reason);
    expect(await rows()).toHaveLength(11);
    // The state still reads the previous import's last day, not the refused one.
    expect((await sourceStates(db)).find((s) => s.source === 'import')?.dataToDay).toBe(lastDay);
  });

  it("imports the first day Search Console could have and today (UTC; Search Console's days are Pacific time)", async () => {
    const dates = new TextEncoder().encode(`Date,Clicks,Impressions,CTR,Position\n${searchExportLimits.earliestDay},1,10,10%,3\n2026-03-20,3,10,30%,4\n`);
    const result = await importExport(db, [fixture('Queries.csv'), { name: 'Dates.csv', bytes: dates }], { siteUrl, now: Date.parse('2026-03-20T00:30:00Z') });
    expect(result).toMatchObject({ days: 2, from: searchExportLimits.earliestDay, to: '2026-03-20' });
  });

  it.each([
    [{ name: 'report.pdf', bytes: new TextEncoder().encode('%PDF-1.7') }, 'neither a ZIP nor a CSV file'],
    [
      { name: 'Queries.csv', bytes: new TextEncoder().encode('Keyword,Volume\nseo,100\n') },
      'is not from a Search Console Performance export: its columns are "Keyword", "Volume"',
    ],
    [
      { name: 'Queries.csv', bytes: new TextEncoder().encode('Top queries,Clicks,Impressions,CTR,Position\nseo,3,10,0.3,4\n') },
      'line 2: CTR must be a percentage such as 12.34%',
    ],
    [
      { name: 'Queries.csv', bytes: new TextEncoder().encode('Top queries,Clicks,Impressions,CTR,Position\nseo,30,10,300%,4\n') },
      'line 2: more clicks than impressions',
    ],
    [{ name: 'other.zip', bytes: zipSync({ 'notes.txt': new TextEncoder().encode('hello') }) }, 'There is no Queries.csv or Pages.csv in other.zip'],
    [{ name: 'broken.zip', bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]) }, 'is not a ZIP file that can be read'],
    [
      {
        name: 'Queries.csv',
        bytes: new TextEncoder().encode(
          'Top queries,Last 28 days Clicks,Previous 28 days Clicks,Last 28 days Impressions,Previous 28 days Impressions\nseo,3,2,10,9\n',
        ),
      },
      'compares two periods side by side',
    ],
    [
      {
        name: 'export.zip',
        bytes: zipSync({
          'Queries.csv': new Uint8Array(readFileSync(path.join(fixtureDir, 'Queries.csv'))),
          'Dates.csv': new TextEncoder().encode('Date,Clicks,Impressions,CTR,Position\n07/03/2026,3,10,30%,4\n'),
        }),
      },
      'Dates.csv: each date must be written as 2026-03-31',
    ],
    [
      {
        name: 'many.zip',
        bytes: zipSync(Object.fromEntries(Array.from({ length: searchExportLimits.maxZipEntries + 1 }, (_, i) => [`part-${i}.csv`, new Uint8Array(1)]))),
      },
      searchExportRefusals.tooManyEntries('many.zip'),
    ],
    [
      { name: 'Queries.csv', bytes: new TextEncoder().encode(`Top queries,Clicks,Impressions,CTR,Position\n${'x,'.repeat(searchExportLimits.maxColumns)}x\n`) },
      searchExportRefusals.tooManyColumns('Queries.csv', 2),
    ],
  ])('refuses what is not an export, with the reason (%#)', async (file, reason) => {
    await importExport(db, [exportZip()], { siteUrl });
    const refused = importExport(db, [file], { siteUrl });
    await expect(refused).rejects.toBeInstanceOf(ImportRefused);
    await expect(refused).rejects.toThrow(reason);
    // The previous import is untouched.
    expect(await rows()).toHaveLength(11);
  });
});

/**
 * The import of a Search Console Performance export (its ZIP as Search Console writes it, or Queries.csv and
 * Pages.csv), on SQLite and (with TEST_DATABASE_URL) PostgreSQL: figures exactly as in the files, the daily totals
 * day by day (Dates.csv), the queries and pages as totals of the export's range (a period holding part of it says
 * so), a second import replacing the first, and anything that is not an export refused with the reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSettings } from '../../src/config/settings.mjs';
import { type Db, openDatabase } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { searchText } from '../../src/config/search';
import { addDays } from '../../src/server/features/search/days.mjs';
import { ImportRefused, importExport, parseCsv } from '../../src/server/features/search/import.mjs';
import { replaceDays, sourceStates, stageRows } from '../../src/server/features/search/store.mjs';
import { searchOverview, topQueries } from '../../src/server/features/search/view';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';

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
  });
});

describe.each(databaseNames())('search export import on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  beforeEach(async () => {
    target = await createTarget(name);
    const opened = await openDatabase(target.url.startsWith('file:') ? target.url : process.env.TEST_DATABASE_URL, target.options);
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
    const overview = await searchOverview(db, { period: '7d', source: 'google' }, at);
    const inSeries = overview.series.filter((p) => p.impressions > 0).map((p) => [p.day, p.clicks, p.impressions]);
    expect(inSeries).toEqual(fixtureDays.map((d) => [d.day, d.clicks, d.impressions]));
    expect(overview.totals).toMatchObject({
      clicks: fixtureDays.reduce((sum, d) => sum + d.clicks, 0),
      impressions: fixtureDays.reduce((sum, d) => sum + d.impressions, 0),
    });
    expect(overview.imported).toEqual({ from: firstDay, to: lastDay, days: 3, covered: 3, listed: true });
    // Bing alone does not read the export.
    expect((await searchOverview(db, { period: '7d', source: 'bing' }, at)).imported).toBeNull();
    const top = await topQueries(db, { period: '7d', source: 'google', list: 'queries', search: '', offset: 0, limit: 10 }, at);
    expect(top.rows[0]).toMatchObject({ query: 'seo hatfield', clicks: 42, impressions: 610 });

    // A later day of Google's own: the 7 days now hold only the export's last two days.
    await stageRows(db, 'later', 'google', [
      { day: addDays(lastDay, 5), query: 'seo hatfield', page: '/', device: 'MOBILE', clicks: 1, impressions: 10, position: 2 },
    ]);
    await replaceDays(db, 'later', 'google', addDays(lastDay, 5), addDays(lastDay, 5));
    const later = await searchOverview(db, { period: '7d', source: 'google' }, at + 5 * 86_400_000);
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
  ])('refuses what is not an export, with the reason (%#)', async (file, reason) => {
    await importExport(db, [exportZip()], { siteUrl });
    const refused = importExport(db, [file], { siteUrl });
    await expect(refused).rejects.toBeInstanceOf(ImportRefused);
    await expect(refused).rejects.toThrow(reason);
    // The previous import is untouched.
    expect(await rows()).toHaveLength(11);
  });
});

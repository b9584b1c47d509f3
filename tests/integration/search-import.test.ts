/**
 * The import of a Search Console Performance export (its ZIP as Search Console writes it, or Queries.csv and
 * Pages.csv), on SQLite and (with TEST_DATABASE_URL) PostgreSQL: figures exactly as in the files, a second import
 * replacing the first, and anything that is not an export refused with the reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSettings } from '../../src/config/settings.mjs';
import { type Db, openDatabase } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { ImportRefused, importExport, parseCsv } from '../../src/server/features/search/import.mjs';
import { sourceStates } from '../../src/server/features/search/store.mjs';
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

  it('imports the ZIP: every query and page, figures as in the files, on the last day of its range', async () => {
    const result = await importExport(db, [exportZip()], { siteUrl });
    expect(result).toMatchObject({ queries: 5, pages: 3, day: '2026-03-07' });
    const stored = await rows();
    expect(stored).toHaveLength(8);
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
    expect(stored.every((row) => row.day === '2026-03-07')).toBe(true);
    const state = (await sourceStates(db)).find((s) => s.source === 'import');
    expect(state).toMatchObject({ state: 'ok', rowsStored: 8, dataToDay: '2026-03-07', message: 'Imported 5 queries and 3 pages (counted on 2026-03-07).' });
  });

  it('imports Queries.csv and Pages.csv given on their own; a new import replaces the previous', async () => {
    await importExport(db, [exportZip()], { siteUrl });
    const result = await importExport(db, [fixture('Queries.csv')], { siteUrl, now: Date.parse('2026-03-20T09:00:00Z') });
    expect(result).toMatchObject({ queries: 5, pages: 0, day: '2026-03-20' });
    const stored = await rows();
    expect(stored).toHaveLength(5);
    expect(stored.every((row) => row.day === '2026-03-20')).toBe(true);
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
  ])('refuses what is not an export, with the reason (%#)', async (file, reason) => {
    await importExport(db, [exportZip()], { siteUrl });
    const refused = importExport(db, [file], { siteUrl });
    await expect(refused).rejects.toBeInstanceOf(ImportRefused);
    await expect(refused).rejects.toThrow(reason);
    // The previous import is untouched.
    expect(await rows()).toHaveLength(8);
  });
});

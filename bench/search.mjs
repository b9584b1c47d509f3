#!/usr/bin/env node
// The Search view's queries on SQLite over 16 months × 2,000 queries × 100 pages (each query's page and device on
// each day, as Google's per query × page × device rows; Bing's query and page rows beside them), seeded into a temp
// database; p50/p95/p99 of each query the view makes, for the default period and the longest. This site's rows sit
// beside as many client sites' of the same size (`--client-sites`, 1 by default): every key starts with the site, so
// this site's queries read its rows alone.
// Usage: npm run bench:search [-- --queries 2000 --pages 100 --days 486 --repeat 30 --client-sites 1]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createJiti } from 'jiti';
import { ms, printTable } from './lib.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(argv[at + 1]);
};
const queryCount = option('queries', 2000);
const pageCount = option('pages', 100);
const dayCount = option('days', 486);
const repeat = option('repeat', 30);
const clientSites = option('client-sites', 1);

const jiti = createJiti(import.meta.url, { alias: { '~': path.resolve('src') } });
const { openDatabase } = await jiti.import('../src/server/db/index.ts');
const { migrateToLatest } = await jiti.import('../src/server/migrate.mjs');
const view = await jiti.import('../src/server/features/search/view.ts');
const opportunities = await jiti.import('../src/server/features/search/opportunities.ts');
const { addDays } = await jiti.import('../src/lib/days.mjs');
const { rollUp } = await jiti.import('../src/server/features/search/store.mjs');
const { thisSiteId } = await jiti.import('../src/config/sites.mjs');
const sites = [thisSiteId, ...Array.from({ length: clientSites }, (_, i) => `client-${i + 1}`)];

const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-bench-search-'));
const file = path.join(dir, 'search.db');
const now = Date.parse('2026-03-10T10:00:00Z');
const lastDay = '2026-03-08';

try {
  const { db, kind } = await openDatabase(`file:${file}`);
  await migrateToLatest(db, kind);
  await db.destroy();

  // Seeding straight through better-sqlite3, in one transaction: the bench measures reads, not the sync.
  const started = performance.now();
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  const insert = raw.prepare(
    'insert into search_rows (site, source, day, query, page, device, clicks, impressions, position_sum) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const devices = ['MOBILE', 'DESKTOP', 'TABLET'];
  let seeded = 0;
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  raw.transaction(() => {
    for (const site of sites)
      for (let d = 0; d < dayCount; d++) {
        const day = addDays(lastDay, -d);
        for (let q = 0; q < queryCount; q++) {
          const impressions = 1 + Math.floor(random() * (q < 100 ? 200 : 20));
          const position = 1 + random() * 30;
          const clicks = Math.floor(impressions * random() * (position < 10 ? 0.2 : 0.02));
          insert.run(site, 'google', day, `query ${q}`, `/page-${q % pageCount}`, devices[q % 3], clicks, impressions, position * impressions);
          seeded++;
        }
        for (let q = 0; q < queryCount / 10; q++) {
          insert.run(site, 'bing', day, `query ${q}`, '', '', 1, 10, 50);
          seeded++;
        }
        for (let p = 0; p < pageCount; p++) {
          insert.run(site, 'bing', day, '', `/page-${p}`, '', 2, 20, 100);
          seeded++;
        }
      }
  })();
  raw.close();
  // The roll-ups, as a sync builds them.
  const { db: writer } = await openDatabase(`file:${file}`);
  for (const site of sites) for (const source of ['google', 'bing']) await rollUp(writer, source, addDays(lastDay, -dayCount), lastDay, site);
  await writer.destroy();
  const optimise = new Database(file);
  optimise.exec('analyze');
  optimise.close();
  console.log(
    `Seeded ${seeded.toLocaleString('en-GB')} rows (${sites.length} sites × ${dayCount} days × ${queryCount} queries × ${pageCount} pages) in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
  );

  const { db: reader } = await openDatabase(`file:${file}`);
  const list = (period, listName, extra = {}) => ({ period, source: 'all', list: listName, search: '', offset: 0, limit: 10, ...extra });
  const cases = [];
  for (const period of ['28d', '3m', '16m']) {
    const q = { period, source: 'all' };
    cases.push(
      [`overview (totals, previous, daily) ${period}`, () => view.searchOverview(reader, q, now)],
      [`top queries ${period}`, () => view.topQueries(reader, list(period, 'queries'), now)],
      [`top queries, search "query 12" ${period}`, () => view.topQueries(reader, list(period, 'queries', { search: 'query 12' }), now)],
      [`top queries, Show all page 3 ${period}`, () => view.topQueries(reader, list(period, 'queries', { offset: 100, limit: 50 }), now)],
      [`top pages + visits/enquiries/LCP ${period}`, () => view.topPages(reader, list(period, 'pages'), now)],
      [`a query's detail ${period}`, () => view.searchDetail(reader, q, { query: 'query 7' }, now)],
      [`a page's detail ${period}`, () => view.searchDetail(reader, q, { page: '/page-7' }, now)],
      [`opportunities ${period}`, () => opportunities.searchOpportunities(reader, q, now)],
    );
  }
  const rows = [];
  for (const [name, run] of cases) {
    await run();
    const times = [];
    for (let i = 0; i < repeat; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
    rows.push([name, ms(at(50)), ms(at(95)), ms(at(99))]);
  }
  await reader.destroy();
  printTable(['Search view query (SQLite)', 'p50', 'p95', 'p99'], rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

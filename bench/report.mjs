#!/usr/bin/env node
// The monthly client report on SQLite: how long a report takes to make (every section read) and to draw as a PDF, and
// how fast the client's link answers on the built server, beside the home page. A month of seeded data: daily
// analytics and vitals, search rows (--queries queries × 30 days, each on one of 100 pages), and a watched client
// site's checks (availability every 5 minutes, a daily crawl and certificate check) and alerts.
// Usage: npm run bench:report [-- --queries 2000 --repeat 20]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createJiti } from 'jiti';
import { requireBuild } from '../scripts/cli.mjs';
import { ms, printTable, startSite } from './lib.mjs';

requireBuild('dist/server/entry.mjs');
const { values } = parseArgs({ options: { queries: { type: 'string', default: '2000' }, repeat: { type: 'string', default: '20' } } });
const queries = Number(values.queries);
const repeat = Number(values.repeat);

const jiti = createJiti(import.meta.url, { alias: { '~': path.resolve('src') } });
const { openDatabase } = await jiti.import('../src/server/db/index.ts');
const { migrateToLatest } = await jiti.import('../src/server/migrate.mjs');
const { stageRows, replaceDays } = await jiti.import('../src/server/features/search/store.mjs');
const { reportSources } = await jiti.import('../src/server/features/report/sources.ts');
const { buildReport } = await jiti.import('../src/server/features/report/service.ts');
const { monthPeriod } = await jiti.import('../src/server/features/report/period.ts');
const { reportPdf } = await jiti.import('../src/server/features/report/pdf.ts');
const { insertReport, createLink } = await jiti.import('../src/server/features/report/store.ts');
const { reportPaths } = await jiti.import('../src/config/report.ts');

const siteUrl = 'https://www.hale-digital.example';
const month = '2026-10';
const period = monthPeriod(month);
const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-bench-report-'));
const databaseUrl = `file:${path.join(dir, 'site.db')}`;

const percentileOf = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
};
const timed = async (work) => {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
};

const { db, kind } = await openDatabase(databaseUrl);
try {
  await migrateToLatest(db, kind);
  const days = Array.from({ length: 31 }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
  await db
    .insertInto('analytics_daily')
    .values(days.map((day, i) => ({ day, page_views: 300 + i, visitors: 100 + i, visits: 120 + i, bounces: 40, engaged_ms: 900_000, conversions: i % 4 })))
    .execute();
  // Search: each query every day, on one of 100 pages.
  const runId = randomUUID();
  for (const day of days) {
    await stageRows(
      db,
      runId,
      'google',
      Array.from({ length: queries }, (_, q) => ({
        day,
        query: `query ${q}`,
        page: `/page-${q % 100}`,
        device: 'MOBILE',
        clicks: q % 7,
        impressions: 20 + (q % 50),
        position: 1 + (q % 30),
      })),
    );
  }
  await replaceDays(db, runId, 'google', days[0], days.at(-1));
  // A watched client site: availability every 5 minutes, a crawl and a certificate check a day, a few alerts.
  const site = 'bench-client';
  const start = Date.parse(`${period.from}T00:00:00Z`);
  await db
    .insertInto('watch_sites')
    .values({
      id: site,
      url: 'https://client.example/',
      name: 'Client Example',
      client_email: 'client@client.example',
      copy_client: 0,
      own: 0,
      crawl_every_hours: 24,
      availability_every_minutes: 5,
      kinds_off: '[]',
      created_at: start,
      updated_at: start,
      removed_at: null,
    })
    .execute();
  const results = [];
  for (let at = start; at < start + 31 * 86_400_000; at += 5 * 60_000)
    results.push({ id: randomUUID(), site_id: site, kind: 'availability', at, ok: 1, response_ms: 80 + (at % 97), score: null, summary: '', evidence: '{}' });
  for (let d = 0; d < 31; d++) {
    const at = start + d * 86_400_000 + 3_600_000;
    const diff = {
      newFindings: [{ key: `n${d}`, url: null, text: `New ${d}` }],
      fixedFindings: [],
      beganError: [],
      beganNoindex: [],
      appearedInSitemap: [],
      leftSitemap: [],
    };
    results.push({
      id: randomUUID(),
      site_id: site,
      kind: 'crawl',
      at,
      ok: 1,
      response_ms: null,
      score: 70 + (d % 20),
      summary: '',
      evidence: JSON.stringify({ diff, summary: { pages: 40 } }),
    });
    results.push({
      id: randomUUID(),
      site_id: site,
      kind: 'certificate',
      at,
      ok: 1,
      response_ms: null,
      score: null,
      summary: '',
      evidence: JSON.stringify({ validTo: start + 90 * 86_400_000, daysLeft: 90 - d, names: ['client.example'] }),
    });
  }
  for (let at = 0; at < results.length; at += 500)
    await db
      .insertInto('watch_results')
      .values(results.slice(at, at + 500))
      .execute();

  const sources = reportSources(db, { siteUrl, ownerEmail: 'owner@example.com' });
  const thisSite = await sources.site('this');
  const client = await sources.site(site);
  const rows = [];
  let thisData;
  for (const [name, which] of [
    ['this site (visits, enquiries, vitals, search)', thisSite],
    ['a client site (crawls, uptime, certificate, alerts)', client],
  ]) {
    const builds = [];
    const pdfs = [];
    for (let i = 0; i < repeat; i++) {
      const built = await timed(() => buildReport(sources, which, period));
      builds.push(built.ms);
      const drawn = await timed(() => reportPdf(built.result, 'A steady month.', `${siteUrl}/reports/x`));
      pdfs.push(drawn.ms);
      if (which === thisSite) thisData = built.result;
    }
    rows.push([`make: ${name}`, ms(percentileOf(builds, 0.5)), ms(percentileOf(builds, 0.95))]);
    rows.push([`PDF: ${name}`, ms(percentileOf(pdfs, 0.5)), ms(percentileOf(pdfs, 0.95))]);
  }
  const id = await insertReport(db, thisData);
  const { token } = await createLink(db, id);
  await db.destroy();

  const server = await startSite({ DATABASE_URL: databaseUrl, SMTP_URL: '' });
  try {
    for (const [name, pathname] of [
      ['GET / (built page)', '/'],
      ['GET the client’s link (rendered on demand)', reportPaths.shared(token)],
      ['GET the client’s PDF', reportPaths.sharedPdf(token)],
    ]) {
      const times = [];
      let bytes = 0;
      for (let i = 0; i < repeat * 5; i++) {
        const answer = await timed(async () => {
          const response = await fetch(`${server.base}${pathname}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
          return (await response.arrayBuffer()).byteLength;
        });
        times.push(answer.ms);
        bytes = answer.result;
      }
      rows.push([`${name}, ${bytes.toLocaleString('en-GB')} bytes unpacked`, ms(percentileOf(times, 0.5)), ms(percentileOf(times, 0.95))]);
    }
  } finally {
    await server.stop();
  }
  console.log(
    `A month: ${queries.toLocaleString('en-GB')} search queries × 31 days, ${results.length.toLocaleString('en-GB')} watch results; ${repeat} runs each.`,
  );
  printTable(['What', 'p50', 'p95'], rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

#!/usr/bin/env node
// Analytics on SQLite: (1) POST /api/event on the built server at 10 and 100 concurrent clients, each beacon from its
// own address, then how many were stored; (2) 1,000,000 events over 30 days written through the ingest service, then
// the Overview and Performance queries over them, p50/p99 of each.
// Usage: npm run bench:analytics [-- --seconds 8 --events 1000000 --repeat 30]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJiti } from 'jiti';
import { load, median, ms, printTable, startSite } from './lib.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => Number(argv[argv.indexOf(`--${name}`) + 1] || fallback);
const seconds = option('seconds', 8);
const totalEvents = option('events', 1_000_000);
const repeat = option('repeat', 30);

const jiti = createJiti(import.meta.url, { alias: { '~': path.resolve('src') } });
const { openDatabase } = await jiti.import('../src/server/db/index.ts');
const { migrateToLatest } = await jiti.import('../src/server/migrate.mjs');
const { createAnalyticsService } = await jiti.import('../src/server/features/analytics/ingest.ts');
const { analyticsOverview, performanceData, vitalTrend } = await jiti.import('../src/server/features/analytics/report.ts');
const { analyticsEndpoint, viewportClasses } = await jiti.import('../src/config/analytics.ts');

const agent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-bench-analytics-'));

async function ingestRows() {
  const file = path.join(dir, 'ingest.db');
  const site = await startSite({ DATABASE_URL: `file:${file}`, TRUST_PROXY: 'true', SMTP_URL: '' });
  const rows = [];
  let accepted = 0;
  try {
    const body = () => JSON.stringify({ k: 'v', id: randomUUID(), p: '/services/seo', w: 'laptop', r: 'www.google.com' });
    for (const concurrency of [10, 100]) {
      await load({
        base: site.base,
        concurrency,
        until: Date.now() + 500,
        method: 'POST',
        pathname: analyticsEndpoint,
        makeBody: body,
        headers: { 'User-Agent': agent },
        okStatus: 204,
      });
      const r = await load({
        base: site.base,
        concurrency,
        until: Date.now() + seconds * 1000,
        method: 'POST',
        pathname: analyticsEndpoint,
        makeBody: body,
        headers: { 'User-Agent': agent },
        okStatus: 204,
      });
      accepted += r.requests;
      rows.push(['POST /api/event', concurrency, r.requests, r.perSecond, ms(r.p50), ms(r.p99), r.errors]);
      // The same server's static home page, for the machine's speed at the time.
      const s = await load({ base: site.base, concurrency, until: Date.now() + seconds * 1000, pathname: '/', headers: { 'Accept-Encoding': 'gzip' } });
      rows.push(['GET / (static)', concurrency, s.requests, s.perSecond, ms(s.p50), ms(s.p99), s.errors]);
    }
    // Everything accepted (warm-ups included) is written once the queue drains.
    await new Promise((resolve) => setTimeout(resolve, 3000));
  } finally {
    await site.stop();
  }
  const { db } = await openDatabase(`file:${file}`);
  const stored = await db
    .selectFrom('analytics_page_views')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  await db.destroy();
  return { rows, accepted, stored: Number(stored.n) };
}

/**
 * 30 days of visits in time order, as they would arrive: 1–4 page views each, a minute apart; every page view also
 * sends an engagement beacon with its five vitals.
 */
async function fill(service) {
  const paths = [
    '/',
    '/services',
    '/services/seo',
    '/services/web-design',
    '/pricing',
    '/about',
    '/contact',
    '/blog',
    '/blog/local-seo-hatfield',
    '/portfolio',
  ];
  const now = Date.now();
  const span = 29 * 86_400_000;
  let events = 0;
  let visitor = 0;
  const started = performance.now();
  while (events < totalEvents) {
    visitor++;
    const client = { address: `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`, userAgent: agent };
    let at = now - span + Math.floor((events / totalEvents) * span);
    const views = 1 + (visitor % 4);
    for (let v = 0; v < views && events < totalEvents; v++) {
      const id = randomUUID();
      const p = paths[(visitor + v) % paths.length];
      const w = viewportClasses[visitor % viewportClasses.length].id;
      service.accept({ k: 'v', id, p, w, r: visitor % 3 ? 'www.google.com' : undefined, us: visitor % 10 === 0 ? 'newsletter' : undefined }, client, at);
      const jitter = (visitor * 31 + v * 17) % 100;
      service.accept(
        {
          k: 'e',
          id,
          p,
          w,
          t: 5000 + jitter * 300,
          m: { LCP: [900 + jitter * 30, ''], INP: [40 + jitter * 3, ''], CLS: [jitter / 1000, ''], FCP: [600 + jitter * 20, ''], TTFB: [80 + jitter * 5, ''] },
        },
        client,
        at + 20_000,
      );
      events += 2;
      at += 60_000;
    }
    if (visitor % 2000 === 0) {
      await service.flush();
      if (visitor % 50_000 === 0) process.stderr.write(`  ${events} events written\n`);
    }
  }
  await service.flush();
  return { events, seconds: (performance.now() - started) / 1000 };
}

async function timed(label, run) {
  const samples = [];
  for (let i = 0; i < repeat; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return [label, repeat, ms(median(samples)), ms(samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))])];
}

try {
  const ingest = await ingestRows();
  console.log(`\nPOST /api/event, SQLite, ${seconds} s per row, ${os.cpus().length} cores (load generator on the same machine):\n`);
  printTable(['Request', 'Concurrency', 'Answered', 'Per second', 'p50', 'p99', 'Errors'], ingest.rows);
  console.log(`\nStored after the queue drained: ${ingest.stored} page views of ${ingest.accepted} accepted in the measured rows (plus warm-ups).`);

  const { db, kind } = await openDatabase(`file:${path.join(dir, 'million.db')}`);
  await migrateToLatest(db, kind);
  const service = createAnalyticsService({ db, kind, siteHost: 'bench.example', retentionDays: 30, flushMs: 3_600_000, batchSize: 2000, maxQueue: 1_000_000 });
  process.stderr.write(`writing ${totalEvents} events…\n`);
  const filled = await fill(service);
  const counts = await db
    .selectFrom('analytics_page_views')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `\n${filled.events.toLocaleString('en-GB')} events (${Number(counts.n).toLocaleString('en-GB')} page views, each with an engagement beacon carrying 5 vitals) written through the ingest service in ${filled.seconds.toFixed(1)} s: ${Math.round(filled.events / filled.seconds).toLocaleString('en-GB')} events/s.\n`,
  );
  const rows = [
    await timed('Overview (3 periods, chart, 5 lists, current visitors)', () => analyticsOverview(db)),
    await timed('Performance (site-wide and per page, 30 days)', () => performanceData(db)),
    await timed('Trend of one page (30 days)', () => vitalTrend(db, '/services/seo')),
  ];
  printTable(['Dashboard query over 1,000,000 events', 'Runs', 'p50', 'p99'], rows);
  console.log('\nTargets: ≥ 2,000 events/s ingested with p99 ≤ 50 ms; every dashboard query ≤ 300 ms.');
  await service.stop();
  await db.destroy();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

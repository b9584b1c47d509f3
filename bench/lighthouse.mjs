#!/usr/bin/env node
// Lighthouse (mobile, default throttling) on every sitemap route of the built site: the median of N runs per route.
// Usage: npm run bench:lighthouse [-- --runs 3 --only /,/services/seo]
// The medians are saved in the site's database (DATABASE_URL), where the admin's Performance tab shows the latest run.
import { randomUUID } from 'node:crypto';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, ensureChromium } from '../scripts/browser.mjs';
import { settings } from '../src/config/settings.mjs';
import { openDatabase } from '../src/server/db/connect.mjs';
import { migrateToLatest } from '../src/server/db/migrations.mjs';
import { median, printTable, startSite } from './lib.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const runs = Number(option('runs', 3));
const only = option('only', '')?.split(',').filter(Boolean);

const site = await startSite();
const chrome = await chromeLauncher.launch({
  chromePath: ensureChromium(),
  chromeFlags: ['--headless=new', ...chromiumArgs],
});

try {
  const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
  const routes = only?.length ? only : [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const rows = [];
  const saved = [];
  for (const route of routes) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${site.base}${route}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      const { categories, audits } = result.lhr;
      const scripts = audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
      samples.push({
        performance: categories.performance.score * 100,
        accessibility: categories.accessibility.score * 100,
        bestPractices: categories['best-practices'].score * 100,
        seo: categories.seo.score * 100,
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        js: scripts?.transferSize ?? 0,
      });
    }
    const m = (key) => median(samples.map((s) => s[key]));
    saved.push({
      route,
      performance: m('performance'),
      accessibility: m('accessibility'),
      bestPractices: m('bestPractices'),
      seo: m('seo'),
      fcpMs: m('fcp'),
      lcpMs: m('lcp'),
      tbtMs: m('tbt'),
      cls: m('cls'),
    });
    rows.push([
      route,
      m('performance'),
      m('accessibility'),
      m('bestPractices'),
      m('seo'),
      `${(m('fcp') / 1000).toFixed(2)} s`,
      `${(m('lcp') / 1000).toFixed(2)} s`,
      `${Math.round(m('tbt'))} ms`,
      m('cls').toFixed(3),
      `${(m('js') / 1024).toFixed(1)} KB`,
    ]);
    process.stderr.write(`measured ${route}\n`);
  }
  console.log(`\nLighthouse ${runs} run(s) per route, mobile emulation with simulated throttling, medians:\n`);
  printTable(['Route', 'Perf', 'A11y', 'BP', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'JS (transfer)'], rows);
  await saveLabRun(saved);
} finally {
  chrome.kill();
  await site.stop();
}

/** Keeps the last ten runs; the Performance tab shows the newest. */
async function saveLabRun(rows) {
  const { db, kind } = await openDatabase(settings().databaseUrl);
  try {
    await migrateToLatest(db, kind);
    await db
      .insertInto('lab_runs')
      .values({ id: randomUUID(), created_at: Date.now(), report: JSON.stringify({ rows }) })
      .execute();
    const keep = await db.selectFrom('lab_runs').select('id').orderBy('created_at', 'desc').limit(10).execute();
    await db
      .deleteFrom('lab_runs')
      .where(
        'id',
        'not in',
        keep.map((r) => r.id),
      )
      .execute();
    console.log("\nSaved: the admin's Performance tab shows this run beside the field data.");
  } finally {
    await db.destroy();
  }
}

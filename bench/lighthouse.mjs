#!/usr/bin/env node
// Lighthouse (mobile, default throttling) on every sitemap route of the built site: the median of N runs per route.
// Usage: npm run bench:lighthouse [-- --runs 3 --only /,/services/seo]
// The same run measures a floor: a page with one heading and nothing else, served by the same server. Each route's
// LCP is printed as a ratio to the floor's, which holds still while absolute times drift with the machine's load.
// The medians are saved in the site's database (DATABASE_URL), where the admin's Performance tab shows the latest run.
// A post published from the admin is measured beside the built post it copies (`--admin-post local-seo-mistakes`,
// `--admin-post none` to skip): it is written into the database as published before the run and removed after it.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import yaml from 'js-yaml';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, ensureChromium } from '../scripts/browser.mjs';
import { settings } from '../src/config/settings.mjs';
import { openDatabase } from '../src/server/db/connect.mjs';
import { migrateToLatest } from '../src/server/migrate.mjs';
import { median, printTable, startSite } from './lib.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const runs = Number(option('runs', 3));
// Every ratio divides by the floor, so it gets at least five runs: one unlucky floor run would move every ratio.
const floorRuns = Math.max(runs, 5);
const only = option('only', '')?.split(',').filter(Boolean);
const adminPostSource = option('admin-post', 'local-seo-mistakes');
const adminPostSlug = 'bench-admin-post';
const adminPostPath = `/blog/${adminPostSlug}`;

// The floor page is written into the built site before its server starts (the static file list is read at start).
const floorPath = '/bench-floor';
const floorDir = new URL(`../dist/client${floorPath}/`, import.meta.url);
const floorHtml = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><meta name="description" content="A page with one heading: the fastest a page on this server can be."></head><body><h1>Hatfield SEO specialist</h1></body></html>`;
mkdirSync(floorDir, { recursive: true });
writeFileSync(new URL('index.html', floorDir), floorHtml);
writeFileSync(new URL('index.html.br', floorDir), zlib.brotliCompressSync(floorHtml));
const removeFloor = () => rmSync(floorDir, { recursive: true, force: true });
process.on('exit', removeFloor);

const removeAdminPost = adminPostSource === 'none' ? async () => {} : await publishAdminPost(adminPostSource);
const site = await startSite();
const chrome = await chromeLauncher.launch({
  chromePath: ensureChromium(),
  chromeFlags: ['--headless=new', ...chromiumArgs],
});

try {
  const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
  const listed = only?.length ? only : [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  // The admin's post right after the built post it copies.
  const routes = [floorPath, ...listed.filter((r) => r !== adminPostPath)];
  if (adminPostSource !== 'none') routes.splice(Math.max(1, routes.indexOf(`/blog/${adminPostSource}`) + 1), 0, adminPostPath);
  const rows = [];
  const saved = [];
  let floorLcp = 0;
  let floorRow = [];
  for (const route of routes) {
    const samples = [];
    for (let i = 0; i < (route === floorPath ? floorRuns : runs); i++) {
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
    if (route === floorPath) {
      floorLcp = m('lcp');
      floorRow = [`${route} (floor)`, '', '', '', '', `${(m('fcp') / 1000).toFixed(2)} s`, `${(m('lcp') / 1000).toFixed(2)} s`, '1.00×', '', '', ''];
      process.stderr.write(`measured the floor\n`);
      continue;
    }
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
      `${(m('lcp') / floorLcp).toFixed(2)}×`,
      `${Math.round(m('tbt'))} ms`,
      m('cls').toFixed(3),
      `${(m('js') / 1024).toFixed(1)} KB`,
    ]);
    process.stderr.write(`measured ${route}\n`);
  }
  console.log(`\nLighthouse ${runs} run(s) per route (the floor ${floorRuns}), mobile emulation with simulated throttling, medians:\n`);
  printTable(['Route', 'Perf', 'A11y', 'BP', 'SEO', 'FCP', 'LCP', 'LCP ÷ floor', 'TBT', 'CLS', 'JS (transfer)'], [floorRow, ...rows]);
  const ratios = saved.map((row) => row.lcpMs / floorLcp);
  console.log(`\nLCP ÷ floor: ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}× over ${ratios.length} routes (goal ≤ 1.30×).`);
  const built = saved.find((row) => row.route === `/blog/${adminPostSource}`);
  const admin = saved.find((row) => row.route === adminPostPath);
  if (built && admin) {
    const difference = admin.lcpMs / floorLcp - built.lcpMs / floorLcp;
    console.log(
      `Admin post ${adminPostPath} ${(admin.lcpMs / floorLcp).toFixed(2)}× beside the built /blog/${adminPostSource} ${(built.lcpMs / floorLcp).toFixed(2)}×: ${difference >= 0 ? '+' : ''}${difference.toFixed(2)} (goal within ±0.05).`,
    );
  }
  await saveLabRun(saved.filter((row) => row.route !== adminPostPath));
} finally {
  chrome.kill();
  await site.stop();
  removeFloor();
  await removeAdminPost();
}

/**
 * Publishes a copy of a built post (its title, description, keywords and Markdown) as an admin post, as the editor
 * would; returns what removes it again.
 * @param {string} id a post of src/content/posts
 */
async function publishAdminPost(id) {
  const text = readFileSync(new URL(`../src/content/posts/${id}.md`, import.meta.url), 'utf8');
  const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  const data = /** @type {{ title: string, description: string, keywords: string[] }} */ (yaml.load(front ?? ''));
  const { db, kind } = await openDatabase(settings().databaseUrl);
  await migrateToLatest(db, kind);
  const now = Date.now();
  const postId = randomUUID();
  await db.deleteFrom('posts').where('slug', '=', adminPostSlug).execute();
  await db
    .insertInto('posts')
    .values({
      id: postId,
      slug: adminPostSlug,
      title: data.title,
      description: data.description,
      keywords: JSON.stringify(data.keywords),
      body: body ?? '',
      cover_id: null,
      cover_alt: null,
      status: 'published',
      publish_at: null,
      published_at: now,
      modified_at: null,
      created_at: now,
      updated_at: now,
      version: 1,
    })
    .execute();
  await db.destroy();
  return async () => {
    const { db: again } = await openDatabase(settings().databaseUrl);
    await again.deleteFrom('posts').where('id', '=', postId).execute();
    await again.destroy();
  };
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

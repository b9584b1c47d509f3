#!/usr/bin/env node
// Lighthouse (mobile, default throttling) on every sitemap route of the built site: the median of N runs per route.
// Usage: npm run bench:lighthouse [-- --runs 5 --only /,/services/seo]
// The same run measures a floor: a page with one heading and nothing else, served by the same server. Each route's
// LCP and Speed Index are printed as ratios to the floor's, which hold still while absolute times drift with the
// machine's load; every run's figures are printed besides the medians, and each route is checked against the goals
// (src/build/page-budgets.mjs: 100 in every run, the LCP and Speed Index ratios, home's blocking time, the budgets).
// The server runs on a database of its own, made for the run and removed after it: a benchmark writes nothing into the
// site's. A post published from the admin is measured beside the built post it copies (`--admin-post
// local-seo-mistakes`, `--admin-post none` to skip): created and published through the posts store, as the editor does.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { createJiti } from 'jiti';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { chromiumArgs, ensureChromium } from '../scripts/browser.mjs';
import { median, printTable, startSite } from './lib.mjs';
import { lighthouseGoals, pageBudgets } from '../src/build/page-budgets.mjs';

const jiti = createJiti(import.meta.url, { alias: { '~': path.resolve('src') } });
const { openDatabase } = await jiti.import('../src/server/db/index.ts');
const { migrateToLatest } = await jiti.import('../src/server/migrate.mjs');
const { createPost, publishPost } = await jiti.import('../src/server/features/posts/store.ts');
const { storeCover } = await jiti.import('../src/server/features/posts/covers.ts');

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const runs = Number(option('runs', 5));
// Every ratio divides by the floor, so it gets at least five runs: one unlucky floor run would move every ratio.
const floorRuns = Math.max(runs, 5);
const only = option('only', '')?.split(',').filter(Boolean);
const adminPostSource = option('admin-post', 'local-seo-mistakes');
const adminPostSlug = 'bench-admin-post';
const adminPostPath = `/blog/${adminPostSlug}`;
// The same post with a cover image above the fold (its LCP element): the built post's own cover (the same source
// image, made into the same sizes by the upload's pipeline), or, for a built post without one, a photo-like JPEG.
const coverPostSlug = 'bench-admin-post-cover';
const coverPostPath = `/blog/${coverPostSlug}`;
const adminPaths = [adminPostPath, coverPostPath];

// The floor page is written into the built site before its server starts (the static file list is read at start).
const floorPath = '/bench-floor';
const floorDir = new URL(`../dist/client${floorPath}/`, import.meta.url);
const floorHtml = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><meta name="description" content="A page with one heading: the fastest a page on this server can be."></head><body><h1>Hatfield SEO specialist</h1></body></html>`;
mkdirSync(floorDir, { recursive: true });
writeFileSync(new URL('index.html', floorDir), floorHtml);
writeFileSync(new URL('index.html.br', floorDir), zlib.brotliCompressSync(floorHtml));
const removeFloor = () => rmSync(floorDir, { recursive: true, force: true });
process.on('exit', removeFloor);

const databaseDir = mkdtempSync(path.join(os.tmpdir(), 'hale-bench-lighthouse-'));
const databaseUrl = `file:${path.join(databaseDir, 'site.db')}`;
process.on('exit', () => rmSync(databaseDir, { recursive: true, force: true }));
if (adminPostSource !== 'none') {
  await publishAdminPost(adminPostSource, adminPostSlug, false);
  await publishAdminPost(adminPostSource, coverPostSlug, true);
}
const site = await startSite({ DATABASE_URL: databaseUrl });
const chrome = await chromeLauncher.launch({
  chromePath: ensureChromium(),
  chromeFlags: ['--headless=new', ...chromiumArgs],
});

try {
  const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
  const listed = only?.length ? only : [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  // The admin's post right after the built post it copies.
  const routes = [floorPath, ...listed.filter((r) => !adminPaths.includes(r))];
  if (adminPostSource !== 'none') routes.splice(Math.max(1, routes.indexOf(`/blog/${adminPostSource}`) + 1), 0, ...adminPaths);
  const rows = [];
  const saved = [];
  /** Posts whose largest paint is their cover: the built one and its admin copy. */
  const coverRoutes = new Set([
    coverPostPath,
    ...(existsSync(new URL(`../src/assets/generated/post-${adminPostSource}-cover.png`, import.meta.url)) ? [`/blog/${adminPostSource}`] : []),
  ]);
  const ms = (value) => String(Math.round(value));
  let floorLcp = 0;
  let floorSi = 0;
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
        si: audits['speed-index'].numericValue,
        js: scripts?.transferSize ?? 0,
        requests: audits['resource-summary'].details.items.find((item) => item.resourceType === 'total')?.requestCount ?? 0,
      });
    }
    const m = (key) => median(samples.map((s) => s[key]));
    const each = (key, format) => samples.map((s) => format(s[key])).join(', ');
    if (route === floorPath) {
      floorLcp = m('lcp');
      floorSi = m('si');
      floorRow = [
        `${route} (floor)`,
        each('performance', String),
        `${(m('fcp') / 1000).toFixed(2)} s`,
        `${(m('lcp') / 1000).toFixed(2)} s`,
        '1.00×',
        each('lcp', ms),
        '1.00×',
        each('si', ms),
        each('tbt', ms),
        '',
        '',
        '',
      ];
      process.stderr.write(`measured the floor: LCP ${ms(floorLcp)} ms, SI ${ms(floorSi)} ms\n`);
      continue;
    }
    saved.push({ route, samples, lcpMs: m('lcp'), siMs: m('si'), tbtMs: m('tbt'), js: m('js'), requests: m('requests') });
    rows.push([
      route,
      each('performance', String),
      `${(m('fcp') / 1000).toFixed(2)} s`,
      `${(m('lcp') / 1000).toFixed(2)} s`,
      `${(m('lcp') / floorLcp).toFixed(2)}×`,
      each('lcp', (v) => (v / floorLcp).toFixed(2)),
      `${(m('si') / floorSi).toFixed(2)}×`,
      each('si', ms),
      each('tbt', ms),
      m('cls').toFixed(3),
      `${(m('js') / 1024).toFixed(1)} KiB`,
      m('requests'),
    ]);
    // Each route's figures as it is measured: a run cut short still shows what it measured.
    process.stderr.write(
      `measured ${route}: performance ${each('performance', String)}; LCP ${(m('lcp') / floorLcp).toFixed(2)}× the floor; SI ${(m('si') / floorSi).toFixed(2)}×; TBT ${each('tbt', ms)} ms\n`,
    );
  }
  console.log(`\nLighthouse ${runs} run(s) per route (the floor ${floorRuns}), mobile emulation with simulated throttling; medians, and each run's figures:\n`);
  printTable(
    [
      'Route',
      'Perf (runs)',
      'FCP',
      'LCP',
      'LCP ÷ floor',
      'LCP ÷ floor (runs)',
      'SI ÷ floor',
      'SI ms (runs)',
      'TBT ms (runs)',
      'CLS',
      'JS (transfer)',
      'Requests',
    ],
    [floorRow, ...rows],
  );
  const ratios = saved.map((row) => row.lcpMs / floorLcp);
  console.log(`\nLCP ÷ floor: ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}× over ${ratios.length} routes.`);
  const built = saved.find((row) => row.route === `/blog/${adminPostSource}`);
  for (const path of adminPaths) {
    const admin = saved.find((row) => row.route === path);
    if (!built || !admin) continue;
    const difference = admin.lcpMs / floorLcp - built.lcpMs / floorLcp;
    console.log(
      `Admin post ${path} ${(admin.lcpMs / floorLcp).toFixed(2)}× beside the built /blog/${adminPostSource} ${(built.lcpMs / floorLcp).toFixed(2)}×: ${difference >= 0 ? '+' : ''}${difference.toFixed(2)} (goal within ±0.05).`,
    );
  }
  // The goals, route by route: what misses is named with its figures.
  const g = lighthouseGoals;
  const misses = [];
  for (const row of saved) {
    const lcpGoal = row.route === '/' ? g.homeLcpRatio : coverRoutes.has(row.route) ? g.coverLcpRatio : g.lcpRatio;
    if (row.samples.some((s) => s.performance < g.performance)) misses.push(`${row.route}: performance ${row.samples.map((s) => s.performance).join(', ')}`);
    if (row.lcpMs / floorLcp > lcpGoal) misses.push(`${row.route}: LCP ${(row.lcpMs / floorLcp).toFixed(2)}× the floor (goal ≤ ${lcpGoal}×)`);
    if (row.route === '/' && row.tbtMs > g.homeBlockingMs) misses.push(`/: TBT ${Math.round(row.tbtMs)} ms (goal ≤ ${g.homeBlockingMs})`);
    if (row.route !== '/' && row.siMs / floorSi > g.speedIndexRatio)
      misses.push(`${row.route}: Speed Index ${(row.siMs / floorSi).toFixed(2)}× the floor (goal ≤ ${g.speedIndexRatio}×)`);
    if (row.route !== '/' && row.js > pageBudgets.scriptBytes)
      misses.push(`${row.route}: ${(row.js / 1024).toFixed(1)} KiB of JavaScript (budget ${(pageBudgets.scriptBytes / 1024).toFixed(1)})`);
    if (row.route !== '/' && row.requests > pageBudgets.requests) misses.push(`${row.route}: ${row.requests} requests (budget ${pageBudgets.requests})`);
  }
  console.log(misses.length ? `\nMissed ${misses.length} goal(s):\n${misses.map((m) => `  ${m}`).join('\n')}` : '\nEvery route meets every goal.');
} finally {
  chrome.kill();
  await site.stop();
  removeFloor();
}

/**
 * Publishes a copy of a built post (its title, description, keywords and Markdown) as an admin post, through the posts
 * store as the editor does (the cover through the same store as an upload), into the run's own database.
 * @param {string} id a post of src/content/posts @param {string} slug @param {boolean} withCover
 */
async function publishAdminPost(id, slug, withCover) {
  const text = readFileSync(new URL(`../src/content/posts/${id}.md`, import.meta.url), 'utf8');
  const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  const data = /** @type {{ title: string, description: string, keywords: string[], cover?: { alt: string } }} */ (yaml.load(front ?? ''));
  const builtCover = new URL(`../src/assets/generated/post-${id}-cover.png`, import.meta.url);
  const sameCover = Boolean(data.cover) && existsSync(builtCover);
  const { db, kind } = await openDatabase(databaseUrl);
  try {
    await migrateToLatest(db, kind);
    const cover = withCover ? await storeCover(db, sameCover ? readFileSync(builtCover) : await photoLikeImage()) : null;
    if (cover && !cover.ok) throw new Error(`The cover could not be stored: ${cover.error}`);
    const fields = {
      title: data.title,
      slug,
      description: data.description,
      keywords: data.keywords,
      body: body ?? '',
      coverId: cover?.ok ? cover.id : null,
      coverAlt: cover ? (sameCover ? (data.cover?.alt ?? '') : 'A grainy grey test image') : '',
    };
    const created = await createPost(db, fields, new Set());
    if (!created.ok) throw new Error(`The admin post could not be created: ${created.reason}`);
    await publishPost(db, created.post.id, null);
  } finally {
    await db.destroy();
  }
}

/** A 1600×900 JPEG of noise: compresses as poorly as a photo, so the cover weighs what a real one would. */
function photoLikeImage() {
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

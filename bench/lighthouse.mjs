#!/usr/bin/env node
// Lighthouse (mobile, default throttling) on every sitemap route of the built site: the median of N runs per route.
// Usage: npm run bench:lighthouse [-- --runs 3 --only /,/services/seo]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, ensureChromium } from '../scripts/browser.mjs';
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
} finally {
  chrome.kill();
  await site.stop();
}

#!/usr/bin/env node
// The free instant audit under the issue's conditions: two visitors audit two 20-page sites at once, and the site's
// own pages must stay fast meanwhile. The audited sites run here on loopback (allowed through SITE_CHECK_ALLOW_HOSTS),
// each answer delayed by --delay ms to stand in for the network; GET / is read with wrk (10 clients) alone, then for as
// long as the two audits run. Each audit's time is its row's finished_at − created_at.
// Usage: npm run bench:audit [-- --delay 100 --rounds 3]
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createJiti } from 'jiti';
import { openDatabase } from '../src/server/db/connect.mjs';
import { ensureWrk } from '../scripts/browser.mjs';
import { requireBuild } from '../scripts/cli.mjs';
import { freePort, median, printTable, startSite, wrk } from './lib.mjs';

requireBuild('dist/server/entry.mjs');
ensureWrk();
const jiti = createJiti(import.meta.url, { alias: { '~': path.resolve('src') } });
/** @type {typeof import('../src/config/audit.ts')} */
const { auditLimits } = await jiti.import('../src/config/audit.ts');

const { values } = parseArgs({ options: { delay: { type: 'string', default: '100' }, rounds: { type: 'string', default: '3' } } });
const delayMs = Number(values.delay);
const rounds = Number(values.rounds);
const pagesPerSite = auditLimits.maxPages;

/** A plain site of `pagesPerSite` pages that all link to each other, ~25 KB each, with robots.txt and a sitemap. */
async function startFixtureSite(name) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const paths = Array.from({ length: pagesPerSite }, (_, i) => (i === 0 ? '/' : `/page-${i}`));
  const filler = `<p>${'Local businesses in Hertfordshire choose a supplier they can find. '.repeat(300)}</p>`;
  const page = (pathname, i) =>
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${name} page ${i}: what we do for local clients</title>` +
    `<meta name="description" content="${name} page ${i}: a plain page of a small business site, long enough to be a real description of the page for a search result.">` +
    `<link rel="canonical" href="${origin}${pathname}"><meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
    `<body><h1>${name}, page ${i}</h1><nav>${paths.map((p) => `<a href="${p}">${p}</a>`).join(' ')}</nav>${filler}</body></html>`;
  const files = new Map(paths.map((p, i) => [p, { type: 'text/html; charset=utf-8', body: page(p, i) }]));
  files.set('/robots.txt', { type: 'text/plain', body: `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n` });
  files.set('/sitemap.xml', {
    type: 'application/xml',
    body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`,
  });
  const server = http.createServer((req, res) => {
    const file = files.get(new URL(req.url ?? '/', origin).pathname);
    setTimeout(() => {
      res.writeHead(file ? 200 : 404, { 'Content-Type': file?.type ?? 'text/plain' });
      res.end(file?.body ?? 'Not found');
    }, delayMs);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin, host: `127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/** wrk on GET / for `seconds`, 10 clients; resolves with p50 and p99 in ms. */
const readHome = (base, seconds) => wrk(['-t1', '-c10', `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: br, gzip', `${base}/`]);

/** Starts an audit as the page's script does (elapsed: the form was open for 5 s); resolves with its id. */
async function startAudit(base, url, client) {
  const response = await fetch(`${base}/api/audit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: base, 'X-Forwarded-For': client },
    body: JSON.stringify({ url, elapsed: '5000' }),
  });
  const answer = await response.json();
  if (!answer.ok) throw new Error(`the audit of ${url} did not start: ${answer.error}`);
  return answer.id;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-bench-audit-'));
const databaseUrl = `file:${path.join(dir, 'site.db')}`;
const stops = [];
try {
  const rows = [];
  for (let round = 1; round <= rounds; round++) {
    // New sites each round: the same site is audited once per 10 minutes, and a repeat would show the recent result.
    const sites = [await startFixtureSite(`Alpha ${round}`), await startFixtureSite(`Bravo ${round}`)];
    stops.push(...sites.map((site) => site.stop));
    const site = await startSite({ DATABASE_URL: databaseUrl, TRUST_PROXY: '1', SMTP_URL: '', SITE_CHECK_ALLOW_HOSTS: sites.map((s) => s.host).join(',') });
    stops.push(site.stop);
    // A second of warm-up first: the first answers of a new process (compiling, the files' first reads) are not its pace.
    await readHome(site.base, 1);
    const alone = await readHome(site.base, 5);
    const { db } = await openDatabase(databaseUrl);
    try {
      const ids = await Promise.all(sites.map((s, i) => startAudit(site.base, s.origin, `198.51.100.${round * 10 + i}`)));
      // Read GET / in 2-second slices for as long as either audit runs.
      const during = [];
      for (;;) {
        during.push(await readHome(site.base, 2));
        const rowsNow = await db.selectFrom('audits').select(['status']).where('id', 'in', ids).execute();
        if (rowsNow.every((r) => r.status === 'done' || r.status === 'failed')) break;
      }
      const audits = await db.selectFrom('audits').select(['status', 'pages', 'created_at', 'finished_at', 'score']).where('id', 'in', ids).execute();
      const seconds = audits.map((a) => ((Number(a.finished_at) - Number(a.created_at)) / 1000).toFixed(1)).join(' / ');
      rows.push([
        round,
        audits.map((a) => `${a.status}, ${a.pages} pages, score ${a.score}`).join('; '),
        `${seconds} s`,
        `${alone.p50.toFixed(1)} / ${alone.p99.toFixed(1)} ms`,
        `${median(during.map((d) => d.p50)).toFixed(1)} / ${Math.max(...during.map((d) => d.p99)).toFixed(1)} ms`,
      ]);
    } finally {
      await db.destroy();
      await site.stop();
      stops.splice(stops.indexOf(site.stop), 1);
    }
  }
  console.log(`\nTwo free audits at once of two ${pagesPerSite}-page sites (each answer delayed ${delayMs} ms); GET / with 10 clients:\n`);
  printTable(['Round', 'Audits', 'Audit time (each)', 'GET / p50 / p99 alone', 'GET / p50 / worst p99 during'], rows);
  console.log(`\nTargets: each audit ≤ 30 s; GET / p99 ≤ 50 ms while they run (worst 2-second slice shown). ${os.cpus().length} cores shared with wrk.`);
} finally {
  for (const stop of stops.reverse()) await stop();
  rmSync(dir, { recursive: true, force: true });
}

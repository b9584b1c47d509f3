#!/usr/bin/env node
// Watching clients' sites must not slow this site's pages. The production server (`npm start`) watches a number of
// client sites on loopback (each a hundred pages, answered after a short wait like a real server, so a crawl lasts the
// whole measurement); GET / p50/p99 is measured with wrk (10 clients) with nothing to watch, then while every client
// site is crawled and checked. Target: GET / p99 ≤ 50 ms while the checks run.
// Usage: npm run bench:watch [-- --seconds 10] [--sites 3] [--pages 100]
// It adds sites with the feature's own function, TypeScript loaded with jiti as the other benches do.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureWrk } from '../scripts/browser.mjs';
import { requireBuild } from '../scripts/cli.mjs';
import { openDatabase } from '../src/server/db/connect.mjs';
import { migrateToLatest } from '../src/server/migrate.mjs';
import { plural } from '../src/lib/plural.mjs';
import { createJiti } from 'jiti';
import { freePort, ms, printTable, startSite, wrk } from './lib.mjs';

const jiti = createJiti(import.meta.url, { alias: { '~': path.resolve('src') } });
const { watchSiteForm } = await jiti.import('../src/server/features/watch/schema.ts');
const { addSite } = await jiti.import('../src/server/features/watch/sites.ts');

requireBuild('dist/client/index.html');
ensureWrk();
const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, sites: { type: 'string', default: '3' }, pages: { type: 'string', default: '100' } },
});
const seconds = Number(values.seconds);
const siteCount = Number(values.sites);
const pageCount = Number(values.pages);

/** A client's site: `pages` pages linking to their neighbours, a sitemap, robots.txt; each page after 40 ms. */
async function startClientSite(index) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const page = (n) =>
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Client ${index} page ${n}</title><meta name="description" content="Page ${n} of client site ${index}, a site the owner looks after, with a description of a sensible length for the checks."><link rel="canonical" href="${origin}/p/${n}"></head><body><h1>Page ${n}</h1>${'<p>Some text about the business and its services, as a real page has. </p>'.repeat(60)}${[1, 2, 3, 5, 8].map((d) => `<a href="/p/${(n + d) % pageCount}">next</a>`).join(' ')}</body></html>`;
  const server = http.createServer((req, res) => {
    const send = (status, type, body) => setTimeout(() => res.writeHead(status, { 'Content-Type': type }).end(body), 40);
    if (req.url === '/robots.txt') return send(200, 'text/plain', `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    if (req.url === '/sitemap.xml')
      return send(
        200,
        'application/xml',
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from({ length: pageCount }, (_, n) => `<url><loc>${origin}/p/${n}</loc></url>`).join('')}</urlset>`,
      );
    if (req.url === '/') return send(200, 'text/html', page(0).replace(`/p/0"`, '/"'));
    const match = /^\/p\/(\d+)$/.exec(req.url ?? '');
    if (match) return send(200, 'text/html', page(Number(match[1])));
    return send(404, 'text/html', 'Not found');
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin, host: `127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-bench-watch-'));
const databaseUrl = `file:${path.join(dir, 'site.db')}`;
const clients = await Promise.all(Array.from({ length: siteCount }, (_, i) => startClientSite(i)));
const env = { DATABASE_URL: databaseUrl, WATCH_EVERY_MS: '1000', SITE_CHECK_ALLOW_HOSTS: clients.map((c) => c.host).join(','), LOG_LEVEL: 'warn' };
const measure = (base) => wrk(['-t1', '-c10', `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: br, gzip', `${base}/`]);
const rows = [];
let site;
try {
  const { db, kind } = await openDatabase(databaseUrl);
  await migrateToLatest(db, kind);
  site = await startSite(env);
  await measure(site.base); // warm-up
  const alone = await measure(site.base);
  rows.push(['nothing to watch', alone.perSecond, ms(alone.p50), ms(alone.p99), '–']);

  for (const [i, client] of clients.entries())
    await addSite(db, watchSiteForm.parse({ url: client.origin, name: `Client ${i}` }), { allowPrivate: true, allowHosts: [] });
  // The server looks every second: wait for the first checks to begin, then measure while the crawls go on.
  const started = Date.now();
  const results = async () =>
    Number(
      (
        await db
          .selectFrom('watch_results')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('at', '>=', started)
          .executeTakeFirstOrThrow()
      ).n,
    );
  while ((await results()) === 0 && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 200));
  const before = await results();
  const during = await measure(site.base);
  const after = await results();
  const crawls = await db.selectFrom('watch_results').select(['at']).where('kind', '=', 'crawl').execute();
  rows.push([
    `${siteCount} client sites × ${pageCount} pages being checked`,
    during.perSecond,
    ms(during.p50),
    ms(during.p99),
    `${plural(after - before, 'check')} done, ${plural(crawls.length, 'crawl')} finished`,
  ]);
  await db.destroy();
} finally {
  await site?.stop();
  await Promise.all(clients.map((c) => c.stop()));
  rmSync(dir, { recursive: true, force: true });
}
printTable(['GET / while', 'req/s', 'p50', 'p99', 'checks during the measurement'], rows);
console.log('\nTarget: GET / p99 ≤ 50 ms while clients\u2019 sites are checked.');

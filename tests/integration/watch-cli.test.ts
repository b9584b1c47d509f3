/**
 * `npm run watch:add` and `npm run watch:run` (scripts/watch.mjs) as the owner runs them, on SQLite and PostgreSQL: a
 * client's site added with its Search Console property, bad input and a private address refused (exit 2), then every
 * check run now, printing what it saw and exiting 1 while an alert is open.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchKindLabels } from '../../src/config/watch';
import { openDatabase } from '../../src/server/db';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { fixtureChanged, fixturePages, healthy, TestCa, WatchFixture } from '../support/watch-fixture';

describe.each(databaseNames())('the watch commands on %s', (name) => {
  let target: DatabaseTarget;
  // A client's site on plain HTTP: its home page answers, so the checks run and find what HTTP lacks.
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><head><title>Client shop</title></head><body><h1>Shop</h1></body></html>');
  });
  let origin = '';
  // A client's site over HTTPS whose pages the test breaks (the crawl's changes).
  const ca = new TestCa();
  const shop = new WatchFixture(ca);

  /** Runs scripts/watch.mjs without blocking this process, which serves the fixture meanwhile. */
  const run = (...args: string[]) => runWith({}, ...args);
  const runWith = (extraEnv: Record<string, string>, ...args: string[]) =>
    new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['scripts/watch.mjs', ...args],
        {
          encoding: 'utf8',
          timeout: 90_000,
          env: {
            ...process.env,
            DATABASE_URL: target.url,
            SMTP_URL: '',
            SITE_CHECK_ALLOW_HOSTS: [new URL(origin).host, ...(shop.origin ? [new URL(shop.origin).host] : [])].join(','),
            SITE_CHECK_TIMEOUT_MS: '2000',
            ...extraEnv,
          },
        },
        (error, stdout, stderr) => resolve({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  beforeAll(async () => {
    target = await createTarget(name);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await shop.start();
  });
  afterAll(async () => {
    await shop.stop();
    ca.dispose();
    await new Promise((resolve) => server.close(resolve));
    await target.dispose();
  });

  it('adds a client site with its property; refuses bad input and a private address with the reason', async () => {
    const added = await run(
      'add',
      '--url',
      origin,
      '--name',
      'Client shop',
      '--client-email',
      'owner@shop.example',
      '--search-property',
      'sc-domain:shop.example',
    );
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toContain(`Watching Client shop (${origin}`);
    const { db } = await openDatabase(target.url, target.options);
    try {
      const row = await db.selectFrom('watch_sites').select(['name', 'client_email', 'search_property']).where('own', '=', 0).executeTakeFirstOrThrow();
      expect(row).toEqual({ name: 'Client shop', client_email: 'owner@shop.example', search_property: 'sc-domain:shop.example' });
    } finally {
      await db.destroy();
    }

    const badProperty = await run('add', '--url', 'https://shop2.example', '--name', 'Shop 2', '--search-property', 'shop2');
    expect(badProperty.status).toBe(2);
    expect(badProperty.stderr).toMatch(/^searchProperty: Enter the property as Search Console names it/m);
    const privateAddress = await run('add', '--url', 'http://10.0.0.7/', '--name', 'Private');
    expect(privateAddress.status).toBe(2);
    expect(privateAddress.stderr).toMatch(/private address/);
    expect((await run('add', '--name', 'No address')).status).toBe(2);
    expect((await run('nonsense')).status).toBe(2);
  }, 120_000);

  it('runs every check now, prints what it saw, and exits 1 while an alert is open', async () => {
    const done = await run('run');
    expect(done.stdout).toContain('Client shop');
    expect(done.stdout).toContain(watchKindLabels.availability);
    // Plain HTTP only: the certificate check finds no HTTPS, which is an alert.
    expect(done.stdout).toMatch(/Open alerts:\n {2}- /);
    expect(done.status).toBe(1);
  }, 120_000);

  it('a crawl that opened an alert is not "ok", and the run names every changed page', async () => {
    // The fixture's certificate is from the test's own CA: the crawl is let through it.
    const tls = { NODE_TLS_REJECT_UNAUTHORIZED: '0' };
    expect((await runWith(tls, 'add', '--url', shop.origin, '--name', 'Cake shop')).status).toBe(0);
    shop.set(healthy);
    await runWith(tls, 'run');
    shop.set({ page500: true, titleRemoved: true, noindex: true });
    const broken = await runWith(tls, 'run');
    // The truth, from the fixture itself: every page links to every page, and the broken one is not read.
    const linking = fixturePages.filter((page) => page !== fixtureChanged.broken);
    const lines = [
      `${fixtureChanged.broken} began to answer 500 (it answered 200).`,
      `${fixtureChanged.noindex} began to say noindex: search engines will drop it.`,
      `${fixtureChanged.title}: The page has no title.`,
      `${linking.length} pages link to ${fixtureChanged.broken}, which answers 500.`,
    ];
    const title = `${lines.length} new problems on ${new URL(shop.origin).host} since the last crawl`;
    expect(broken.stdout).toContain(`ALERT   Cake shop · ${watchKindLabels.crawl} · ${title}`);
    for (const line of lines) expect(broken.stdout).toContain(`- ${line}`);
    const crawlRow = broken.stdout.split('\n').find((row) => row.includes("'Cake shop'") && row.includes(watchKindLabels.crawl))!;
    expect(crawlRow).toMatch(/│ 'no'\s+│/);
    // Its summary gives the alert's count, not another.
    expect(crawlRow).toContain(title.slice(0, 20));
  }, 180_000);
});

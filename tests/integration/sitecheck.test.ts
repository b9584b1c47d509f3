/**
 * The SEO site checker: a fixture site on loopback with one planted defect of each kind (each must be reported once,
 * with its rule's severity), the limits (page cap, timeout, size cap, redirect loop), bad input, this project's own
 * built site (0 errors, 0 warnings), the command line, and the admin's background runs — on SQLite and PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../src/config/admin';
import { rules } from '../../src/lib/sitecheck-rules.mjs';
import { isPublicAddress } from '../../src/server/platform/address-range.mjs';
import { anyAddress, guardFor, hostPort, publicOnly, RefusedAddress } from '../../src/server/features/sitecheck/address-guard.mjs';
import { checkSite, SiteCheckError, startUrlFrom } from '../../src/server/features/sitecheck/checker.mjs';
import { runAdminScript } from '../support/admin-account';
import { CookieClient } from '../support/browser-session';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { expectedRules, FixtureSite } from '../support/fixture-site';
import { freePort, SiteProcess } from '../support/server';
import { until } from '../support/until';

// The fixture's certificate is made for the test; this process (and the command line it starts) trusts it.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

// The fixture sites are on loopback: these tests of the crawler's rules may fetch any address (the guard has its own).
// The fixture answers from this very process, which the checker keeps busy: on a loaded machine its answers took over
// 1.5 s and five pages were reported unreachable instead of their planted defects. 6 s is long for a fixture on
// loopback and still short for the one page that never answers.
const fast = { timeoutMs: 6000, maxBytes: 2 * 1024 * 1024, addressPolicy: anyAddress };
const countByRule = (findings: { rule: string }[]) => findings.reduce<Record<string, number>>((all, f) => ({ ...all, [f.rule]: (all[f.rule] ?? 0) + 1 }), {});

describe('site checks on a fixture site', () => {
  const sites = { defects: new FixtureSite('defects'), bare: new FixtureSite('bare'), badSitemap: new FixtureSite('bad-sitemap') };
  beforeAll(async () => {
    await Promise.all(Object.values(sites).map((site) => site.start()));
  });
  afterAll(async () => {
    await Promise.all(Object.values(sites).map((site) => site.stop()));
  });

  it('reports every planted defect exactly once, with its severity and fix', async () => {
    const report = await checkSite(sites.defects.origin, fast);
    const counts = countByRule(report.findings);
    expect(counts).toEqual(Object.fromEntries(expectedRules.defects.map((rule) => [rule, 1])));
    for (const finding of report.findings) {
      const rule = rules[finding.rule as keyof typeof rules]!;
      expect(finding.severity).toBe(rule.severity);
      expect(finding.fix).toBe(rule.fix);
    }
    const on = (rule: string) => report.findings.find((f) => f.rule === rule)!;
    const { origin } = sites.defects;
    expect(on('broken-link')).toMatchObject({ url: `${origin}/`, message: `Links to ${origin}/missing (404).` });
    expect(on('broken-asset')).toMatchObject({ url: `${origin}/broken-asset` });
    expect(on('http-error')).toMatchObject({ url: `${origin}/gone` });
    expect(on('redirect-loop')).toMatchObject({ url: `${origin}/loop-a` });
    expect(on('orphan-page')).toMatchObject({ url: `${origin}/orphan` });
    expect(on('title-duplicate').url).toBeNull();
    expect(on('page-unreachable').message).toContain(`no answer within ${fast.timeoutMs / 1000} s`);
    expect(on('too-large').message).toContain('larger than 2 MB');
    // robots.txt is respected: the disallowed page is listed, not fetched.
    expect(report.pages.find((p) => p.url === `${origin}/private`)?.skipped).toBe('disallowed by robots.txt');
    expect(report.summary.errors).toBe(report.findings.filter((f) => f.severity === 'error').length);
  });

  it('reports a missing robots.txt and sitemap, and a sitemap that is not one', async () => {
    expect(countByRule((await checkSite(sites.bare.origin, fast)).findings)).toEqual(Object.fromEntries(expectedRules.bare.map((rule) => [rule, 1])));
    expect(countByRule((await checkSite(sites.badSitemap.origin, fast)).findings)).toEqual(
      Object.fromEntries(expectedRules['bad-sitemap'].map((rule) => [rule, 1])),
    );
  });

  it('stops at the page cap and can be cancelled', async () => {
    const capped = await checkSite(sites.defects.origin, { ...fast, maxPages: 5 });
    expect(capped.pages).toHaveLength(5);
    expect(capped.pageCapReached).toBe(true);
    const stop = new AbortController();
    const cancelled = await checkSite(sites.defects.origin, { ...fast, signal: stop.signal, onProgress: ({ done }) => done >= 3 && stop.abort() });
    expect(cancelled.cancelled).toBe(true);
    expect(cancelled.pages.length).toBeLessThan(25);
  });

  it('refuses what it cannot check, with a clear message', async () => {
    expect(() => startUrlFrom('')).toThrow(SiteCheckError);
    expect(() => startUrlFrom('not a url at all')).toThrow('is not a web address');
    expect(() => startUrlFrom('ftp://example.com/')).toThrow('Only http and https addresses can be checked, not ftp: addresses.');
    expect(() => startUrlFrom('javascript:alert(1)')).toThrow('Only http and https');
    expect(startUrlFrom('example.co.uk').href).toBe('https://example.co.uk/');
    await expect(checkSite(`http://127.0.0.1:${await freePort()}/`, fast)).rejects.toThrow(/could not be reached: the connection was refused/);
  });
});

/** A plain HTTP server on loopback that counts what reaches it: where a refused request must never arrive. */
async function trap() {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<title>internal</title>');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, requests, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/** A site on loopback whose pages send the checker elsewhere: a redirect hop, and a start that redirects at once. */
async function redirectingSite(to: string) {
  const server = http.createServer((req, res) => {
    const page = (body: string) =>
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><title>Entry</title>${body}</html>`);
    if (req.url === '/') return page('<h1>Entry</h1><a href="/hop">hop</a> <a href="/hop-by-name">by name</a>');
    if (req.url === '/hop') return res.writeHead(302, { Location: to }).end();
    if (req.url === '/hop-by-name') return res.writeHead(302, { Location: to.replace('127.0.0.1', 'localhost') }).end();
    if (req.url === '/start-elsewhere') return res.writeHead(301, { Location: to }).end();
    return res.writeHead(404).end();
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the address guard', () => {
  const refused = [
    'http://127.0.0.1/',
    'http://localhost./',
    'http://[::1]/',
    'http://0.0.0.0/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[2002:7f00:1::]/',
    // IPv4-compatible IPv6 (deprecated; some stacks route it to the IPv4 address): outside global unicast 2000::/3.
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[::a00:1]/',
  ];

  it.each(refused.filter((url) => !url.includes('localhost')))('refuses %s before connecting', (url) => {
    expect(() => guardFor(new URL(url), publicOnly)).toThrow(RefusedAddress);
    expect(() => guardFor(new URL(url), publicOnly)).toThrow(/resolves to a private address \(.+\); not checked/);
  });

  it('allows public addresses, listed host:port pairs and, on the command line, anything', () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:2800:21f:cb07:6820:80da:af6b:8b2c')).toBe(true);
    expect(guardFor(new URL('http://93.184.215.14/'), publicOnly)).toBeNull();
    expect(guardFor(new URL('http://127.0.0.1:8081/'), { allowPrivate: false, allowHosts: ['127.0.0.1:8081'] })).toBeNull();
    expect(() => guardFor(new URL('http://127.0.0.1:8082/'), { allowPrivate: false, allowHosts: ['127.0.0.1:8081'] })).toThrow(RefusedAddress);
    expect(guardFor(new URL('https://[::1]/'), { allowPrivate: false, allowHosts: ['[::1]:443'] })).toBeNull();
    expect(hostPort(new URL('https://Example.COM/'))).toBe('example.com:443');
    expect(guardFor(new URL('http://127.0.0.1/'), anyAddress)).toBeNull();
  });

  it('judges a name by every address it resolves to, and hands back only the vetted ones to connect to', async () => {
    const lookupWith = (addresses: { address: string; family: number }[], all: boolean) =>
      new Promise<{ error: Error | null; result: unknown }>((resolve) => {
        const fake = ((_host: string, _options: object, callback: (error: Error | null, list: unknown) => void) => callback(null, addresses)) as never;
        const lookup = guardFor(new URL('http://rebinding.example/'), publicOnly, fake)!;
        lookup('rebinding.example', { all }, (error: Error | null, result: unknown) => resolve({ error, result }));
      });
    const loopback = await lookupWith([{ address: '127.0.0.1', family: 4 }], true);
    expect(loopback.error).toBeInstanceOf(RefusedAddress);
    expect(loopback.error?.message).toBe('rebinding.example resolves to a private address (127.0.0.1, loopback); not checked');
    const mixed = await lookupWith(
      [
        { address: '10.0.0.7', family: 4 },
        { address: '93.184.215.14', family: 4 },
      ],
      true,
    );
    expect(mixed).toEqual({ error: null, result: [{ address: '93.184.215.14', family: 4 }] });
    const single = await lookupWith([{ address: '93.184.215.14', family: 4 }], false);
    expect(single.error).toBeNull();
    expect(single.result).toBe('93.184.215.14');
  });

  it('refuses a loopback site by default, and a name that resolves to loopback, with a clear message and no request', async () => {
    const inside = await trap();
    try {
      await expect(checkSite(`http://127.0.0.1:${inside.port}/`, { timeoutMs: 1500 })).rejects.toThrow(
        `127.0.0.1 resolves to a private address (127.0.0.1, loopback); not checked.`,
      );
      await expect(checkSite(`http://localhost:${inside.port}/`, { timeoutMs: 1500 })).rejects.toThrow(
        /^localhost resolves to a private address \((127\.0\.0\.1|::1), loopback\); not checked\.$/,
      );
      expect(inside.requests).toEqual([]);
    } finally {
      await inside.stop();
    }
  });

  it('does not follow a redirect from an allowed site into another loopback port, at the start or on any page', async () => {
    const inside = await trap();
    const entry = await redirectingSite(`http://127.0.0.1:${inside.port}/admin`);
    const policy = { allowPrivate: false, allowHosts: [hostPort(new URL(entry.origin))] };
    try {
      const report = await checkSite(entry.origin, { timeoutMs: 1500, addressPolicy: policy });
      const unreachable = report.findings.filter((f) => f.rule === 'page-unreachable').map((f) => f.message);
      expect(unreachable).toContain(`Could not load ${entry.origin}/hop: 127.0.0.1 resolves to a private address (127.0.0.1, loopback); not checked.`);
      expect(unreachable.some((message) => message.startsWith(`Could not load ${entry.origin}/hop-by-name: localhost resolves to a private address`))).toBe(
        true,
      );
      await expect(checkSite(`${entry.origin}/start-elsewhere`, { timeoutMs: 1500, addressPolicy: policy })).rejects.toThrow(SiteCheckError);
      expect(inside.requests).toEqual([]);
    } finally {
      await entry.stop();
      await inside.stop();
    }
  });
});

describe('the command line', () => {
  const fixture = new FixtureSite('defects');
  beforeAll(() => fixture.start());
  afterAll(() => fixture.stop());

  it('prints the findings and exits 1 when errors are found; --json gives the report; bad input exits 2', async () => {
    // Not spawnSync: the fixture answers from this process, which must keep running meanwhile.
    const run = (...args: string[]) =>
      new Promise<{ status: number | null; stdout: string }>((resolve) => {
        execFile(
          process.execPath,
          ['scripts/site-check.mjs', ...args],
          // A short request timeout (long enough for a loaded machine), so the page that never answers costs 5 s, not 10 s.
          { encoding: 'utf8', timeout: 60_000, maxBuffer: 20 * 1024 * 1024, env: { ...process.env, SITE_CHECK_TIMEOUT_MS: '5000' } },
          (error, stdout) => resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout }),
        );
      });
    // The README's own command line: an address and nothing else.
    const plain = await run(fixture.origin);
    expect(plain.status).toBe(1);
    expect(plain.stdout).toMatch(/pages, \d+ errors, \d+ warnings/);
    const table = await run(fixture.origin, '--max-pages', '40');
    expect(table.status).toBe(1);
    for (const rule of expectedRules.defects) expect(table.stdout).toContain(rule);
    expect(table.stdout).toMatch(/pages, \d+ errors, \d+ warnings/);
    const json = await run(fixture.origin, '--json', '--max-pages', '3');
    expect(JSON.parse(json.stdout)).toMatchObject({ origin: fixture.origin, pageCapReached: true });
    expect((await run('ftp://example.com')).status).toBe(2);
    for (const bad of [[], ['--max-pages', '0', fixture.origin], ['--max-pages'], [fixture.origin, 'second-url'], ['--no-such-flag', fixture.origin]]) {
      expect((await run(...bad)).status, bad.join(' ')).toBe(2);
    }
  }, 120_000);
});

describe.each(databaseNames())('site checks in the admin on %s', (name) => {
  let target: DatabaseTarget;
  let site: SiteProcess;
  let owner: CookieClient;
  // /slow answers after a second here, so runs with the server's own 10 s timeout stay short.
  const fixture = new FixtureSite('defects', 1000);

  // Allowed for this server's checks although on loopback: the fixture, the server itself, and a port nothing answers on.
  let closedPort: number;

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    await fixture.start();
    const port = await freePort();
    closedPort = await freePort();
    site = new SiteProcess(port, {
      DATABASE_URL: target.url,
      SMTP_URL: '',
      NODE_TLS_REJECT_UNAUTHORIZED: '0',
      SITE_CHECK_ALLOW_HOSTS: [hostPort(new URL(fixture.origin)), `127.0.0.1:${port}`, `127.0.0.1:${closedPort}`].join(','),
    });
    await site.start();
    expect(runAdminScript('create', 'owner@example.com', 'a sensible long passphrase', target.url).stderr).toBe('');
    owner = new CookieClient(site.base, { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' });
    expect((await owner.json('/api/auth/sign-in', { email: 'owner@example.com', password: 'a sensible long passphrase' })).status).toBe(200);
  });
  afterAll(async () => {
    await site?.stop();
    await fixture.stop();
    await target?.dispose();
  });

  const finished = (id: string) =>
    until(
      async () => {
        const { run } = (await (await owner.request(adminApi.siteCheck(id))).json()) as { run: { status: string } & Record<string, unknown> };
        return run.status === 'running' ? undefined : run;
      },
      60_000,
      200,
    );

  // The site passes its own check: a page that regresses (a description out of bounds, a duplicate title, heavy
  // HTML, a broken link) fails here with the finding's message.
  it("this project's own built site has no errors and no warnings", async () => {
    const started = await owner.json(adminApi.siteChecks, { url: site.base, maxPages: '200' });
    expect(started.status).toBe(202);
    const run = (await finished(started.body.id as string)) as unknown as {
      status: string;
      summary: { errors: number; warnings: number; pages: number };
      findings: { severity: string; message: string }[];
    };
    expect(run.status).toBe('done');
    expect(run.findings.filter((f) => f.severity !== 'notice').map((f) => `${f.severity}: ${f.message}`)).toEqual([]);
    expect(run.summary).toMatchObject({ errors: 0, warnings: 0 });
    expect(run.summary.pages).toBeGreaterThan(30);
  });

  it('runs in the background with progress, compares with the previous run, downloads, cancels', async () => {
    const first = await owner.json(adminApi.siteChecks, { url: fixture.origin, maxPages: '60' });
    expect(first.status).toBe(202);
    // Only one at a time.
    expect((await owner.json(adminApi.siteChecks, { url: fixture.origin, maxPages: '60' })).status).toBe(409);
    const progress = await until(async () => {
      const { runs } = (await (await owner.request(adminApi.siteChecks)).json()) as { runs: { id: string; progress: { done: number; total: number } }[] };
      const run = runs.find((r) => r.id === first.body.id);
      return run && run.progress.total > 0 ? run.progress : undefined;
    });
    expect(progress.total).toBeGreaterThan(0);
    const done = (await finished(first.body.id as string)) as unknown as { status: string; comparison: unknown; findings: { rule: string }[] };
    expect(done.status).toBe('done');
    expect(done.comparison).toBeNull();

    const second = await owner.json(adminApi.siteChecks, { url: fixture.origin, maxPages: '60' });
    const again = (await finished(second.body.id as string)) as unknown as { comparison: { newKeys: string[]; fixed: unknown[] } };
    expect(again.comparison).toMatchObject({ newKeys: [], fixed: [] });

    const csv = await owner.request(adminApi.siteCheckReport(second.body.id as string, 'csv'));
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await csv.text();
    expect(text).toContain('"Severity","Rule","Page","Finding","Fix"');
    expect(text).toContain('broken-link');
    const json = (await (await owner.request(adminApi.siteCheckReport(second.body.id as string, 'json'))).json()) as { findings: unknown[] };
    expect(json.findings.length).toBe(done.findings.length);

    const third = await owner.json(adminApi.siteChecks, { url: fixture.origin, maxPages: '60' });
    expect((await owner.json(adminApi.siteCheckCancel(third.body.id as string), {})).status).toBe(200);
    expect(((await finished(third.body.id as string)) as { status: string }).status).toBe('cancelled');
  });

  it('bad input is a 400 with the reason; an unreachable site fails with it; signed out is 401', async () => {
    expect(await owner.json(adminApi.siteChecks, { url: 'ftp://example.com', maxPages: '10' })).toEqual({
      status: 400,
      body: { ok: false, errors: { url: 'Only http and https addresses can be checked, not ftp: addresses.' } },
    });
    expect((await owner.json(adminApi.siteChecks, { url: fixture.origin, maxPages: '0' })).status).toBe(400);
    const unreachable = await owner.json(adminApi.siteChecks, { url: `http://127.0.0.1:${closedPort}`, maxPages: '10' });
    const failed = (await finished(unreachable.body.id as string)) as unknown as { status: string; message: string };
    expect(failed).toMatchObject({ status: 'failed', message: expect.stringContaining('could not be reached') });
    expect((await fetch(`${site.base}${adminApi.siteChecks}`)).status).toBe(401);
  });

  it("refuses the server's own network: an address is a 400, a name that resolves there fails the run, nothing is fetched", async () => {
    const inside = await trap();
    try {
      for (const url of [
        `http://127.0.0.1:${inside.port}/`,
        `http://[::1]:${inside.port}/`,
        `http://2130706433:${inside.port}/`,
        'http://169.254.169.254/latest/meta-data/',
      ]) {
        const answer = await owner.json(adminApi.siteChecks, { url, maxPages: '10' });
        expect(answer.status, url).toBe(400);
        expect(String((answer.body.errors as { url: string }).url), url).toMatch(/resolves to a private address \(.+\); not checked\.$/);
      }
      const byName = await owner.json(adminApi.siteChecks, { url: `http://localhost:${inside.port}/`, maxPages: '10' });
      expect(byName.status).toBe(202);
      const run = (await finished(byName.body.id as string)) as unknown as { status: string; message: string };
      expect(run).toMatchObject({
        status: 'failed',
        message: expect.stringMatching(/^localhost resolves to a private address \(.+, loopback\); not checked\.$/),
      });
      expect(inside.requests).toEqual([]);
    } finally {
      await inside.stop();
    }
  });
});

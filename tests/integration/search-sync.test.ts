/**
 * Search data sync against local fakes of Google (a token endpoint that checks the JWT's signature against the test
 * key, Search Analytics with paging, 429 with Retry-After, 401, 403 for a property not shared) and Bing, on SQLite
 * and (with TEST_DATABASE_URL) PostgreSQL: the figures stored equal the sources', a re-fetch replaces rather than
 * adds, two instances sync once, a fault gives a state and one log line, keeps the data stored before, and never logs
 * a secret, even when the API repeats in its refusal what it was sent (the key, a token, the private key); each
 * watched client's site is synced after this one into its own rows, and one not shared with the account gets a plain
 * state without stopping the others.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSettings } from '../../src/config/settings.mjs';
import type { Db } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { log } from '../../src/server/platform/log.mjs';
import { addDays } from '../../src/lib/days.mjs';
import { bingDay } from '../../src/server/features/search/bing.mjs';
import { removed, scrubSecrets } from '../../src/server/features/search/scrub.mjs';
import { sourceStates } from '../../src/server/features/search/store.mjs';
import { defaultPropertyOf, firstRunMonths, runSearchSync, syncRange } from '../../src/server/features/search/sync.mjs';
import { searchOverview, topPages, topQueries } from '../../src/server/features/search/view';
import { searchProperties, searchStatus } from '../../src/server/features/search/endpoint';
import { createSearchService, type SearchService } from '../../src/server/features/search/service';
import { createTarget, databaseNames, type DatabaseTarget, openTarget } from '../support/databases';
import { FakeSearch, googleRow, wcfDate } from '../support/fake-search.mjs';
import { until } from '../support/until';
import { thisSiteId } from '../../src/config/sites.mjs';

const siteUrl = loadSettings({}).siteUrl;
/** The default property: the domain property of SITE_URL's domain (www.hale-digital.example), without www. */
const property = 'sc-domain:hale-digital.example';
/** "Now" of the tests: the sync fetches up to the day before. */
const now = Date.parse('2026-03-10T10:00:00Z');
const yesterday = '2026-03-09';

describe('sync range', () => {
  it('goes 16 months back on the first run, then the last 5 days stored up to yesterday', () => {
    expect(syncRange(null, now)).toEqual({ from: '2024-11-09', to: yesterday });
    expect(firstRunMonths).toBe(16);
    expect(syncRange(yesterday, now)).toEqual({ from: '2026-03-05', to: yesterday });
    // A server that was off for a while catches up from before its last stored day.
    expect(syncRange('2026-02-20', now)).toEqual({ from: '2026-02-16', to: yesterday });
  });
  it("reads Bing's WCF dates as the day they were counted in", () => {
    expect(bingDay('/Date(1316761200000-0700)/')).toBe('2011-09-23');
    expect(bingDay(wcfDate('2026-03-01'))).toBe('2026-03-01');
    expect(bingDay('/Date(1772323200000)/')).toBe('2026-03-01');
    expect(bingDay('not a date')).toBeNull();
  });
});

describe('the default Search Console property', () => {
  // Domain properties are registered on the registrable domain, never on www or another subdomain.
  it.each([
    ['https://www.bright-bakery.co.uk/', 'sc-domain:bright-bakery.co.uk'],
    ['https://shop.example.com', 'sc-domain:example.com'],
    ['https://www.hale-digital.example', 'sc-domain:hale-digital.example'],
    ['https://bright-bakery.co.uk/', 'sc-domain:bright-bakery.co.uk'],
    ['https://cakes.bright-bakery.org.uk/', 'sc-domain:bright-bakery.org.uk'],
    ['https://someone.github.io/', 'sc-domain:someone.github.io'],
    ['http://127.0.0.1:8080/', 'sc-domain:127.0.0.1'],
  ])('%s → %s', (url, property) => {
    expect(defaultPropertyOf(url)).toBe(property);
  });
});

describe('what an API says, scrubbed of secrets before it is stored or logged', () => {
  it.each([
    ['GET /GetQueryStats?siteUrl=https%3A%2F%2Fx.example%2F&apikey=abc123def', `GET /GetQueryStats?siteUrl=https%3A%2F%2Fx.example%2F&apikey=${removed}`],
    ['https://x.example/v1?key=AIzaSyD-xyz&alt=json', `https://x.example/v1?key=${removed}&alt=json`],
    ['access_token=ya29.a0AfH6&token_type=Bearer', `access_token=${removed}&token_type=Bearer`],
    ['authorization: Bearer abc.def-ghi body: {}', `authorization: Bearer ${removed} body: {}`],
    ['{"access_token": "abc", "refresh_token":"def"}', `{"access_token": "${removed}", "refresh_token":"${removed}"}`],
    ['grant_type=jwt-bearer&assertion=eyJhbGciOi.eyJpc3Mi.c2ln', `grant_type=jwt-bearer&assertion=${removed}`],
    ['bad -----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY----- here', `bad ${removed} here`],
    ["User does not have sufficient permission for site 'sc-domain:x.example'.", "User does not have sufficient permission for site 'sc-domain:x.example'."],
  ])('%s', (text, clean) => {
    expect(scrubSecrets(text)).toBe(clean);
  });

  it('removes the secrets it is given wherever they are: bare, URL-encoded, or a line of a PEM key on its own', () => {
    const key = 'k3y/with+chars=';
    const pem = `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(64)}\n${'B'.repeat(64)}\n-----END PRIVATE KEY-----\n`;
    expect(scrubSecrets(`the key ${key} or ${encodeURIComponent(key)} and ${'B'.repeat(64)}`, [key, pem])).toBe(
      `the key ${removed} or ${removed} and ${removed}`,
    );
  });
});

describe.each(databaseNames())('search sync on %s', (name) => {
  let fake: FakeSearch;
  let target: DatabaseTarget;
  let db: Db;
  const opened: Db[] = [];
  let dir: string;
  let keyPath: string;

  const settings = (overrides: Record<string, string> = {}) =>
    loadSettings({
      GSC_SERVICE_ACCOUNT_FILE: keyPath,
      GSC_API_URL: fake.url,
      BING_WEBMASTER_API_KEY: fake.bingKey,
      BING_WEBMASTER_API_URL: `${fake.url}/bing`,
      SEARCH_SYNC_RETRY_BASE_MS: '5',
      SEARCH_SYNC_MAX_ATTEMPTS: '3',
      ...overrides,
    }).search;
  const sync = (overrides: Record<string, string> = {}, on: Db = db) => runSearchSync({ db: on, siteUrl, search: settings(overrides), now, googlePageSize: 2 });

  const googleData = () => {
    fake.google.clear();
    fake.google.set('2026-03-08', [
      googleRow('2026-03-08', 'seo hatfield', `${siteUrl}/services/local-seo`, 'MOBILE', 7, 120, 3.5),
      googleRow('2026-03-08', 'seo hatfield', `${siteUrl}/services/local-seo`, 'DESKTOP', 3, 80, 5.25),
      googleRow('2026-03-08', 'seo consultant', `${siteUrl}/`, 'DESKTOP', 0, 40, 12),
      googleRow('2026-03-08', 'technical seo audit', `${siteUrl}/audit`, 'MOBILE', 1, 60, 8),
      googleRow('2026-03-08', 'local seo', 'https://hale-digital.example/services/local-seo/', 'TABLET', 2, 10, 2),
    ]);
    fake.google.set(yesterday, [googleRow(yesterday, 'seo hatfield', `${siteUrl}/services/local-seo`, 'MOBILE', 4, 50, 4)]);
    fake.bing.query = [
      { Date: wcfDate('2026-03-08'), Query: 'seo hatfield', Clicks: 2, Impressions: 30, AvgClickPosition: 3, AvgImpressionPosition: 4 },
      { Date: wcfDate(yesterday), Query: 'seo hertfordshire', Clicks: 1, Impressions: 9, AvgClickPosition: 6, AvgImpressionPosition: 7 },
    ];
    fake.bing.page = [
      { Date: wcfDate('2026-03-08'), Query: `${siteUrl}/services/local-seo`, Clicks: 2, Impressions: 30, AvgClickPosition: 3, AvgImpressionPosition: 4 },
    ];
  };

  const stored = (source: string, site = 'this-site') =>
    db
      .selectFrom('search_rows')
      .select((eb) => [
        eb.fn.countAll().as('rows'),
        eb.fn.sum('clicks').as('clicks'),
        eb.fn.sum('impressions').as('impressions'),
        eb.fn.sum('position_sum').as('position_sum'),
      ])
      .where('source', '=', source)
      .where('site', '=', site)
      .executeTakeFirstOrThrow()
      .then((row) => ({
        rows: Number(row.rows),
        clicks: Number(row.clicks ?? 0),
        impressions: Number(row.impressions ?? 0),
        positionSum: Number(row.position_sum ?? 0),
      }));

  /** A watched client's site as its row is stored. */
  const watched = (id: string, url: string, property: string | null, created: number, removed: number | null = null) => ({
    id,
    url,
    name: `Client ${id}`,
    client_email: null,
    copy_client: 0,
    own: 0,
    crawl_every_hours: 24,
    availability_every_minutes: 5,
    kinds_off: '[]',
    search_property: property,
    created_at: created,
    updated_at: created,
    removed_at: removed,
  });

  beforeAll(async () => {
    fake = await new FakeSearch().start();
    dir = mkdtempSync(path.join(os.tmpdir(), 'hale-search-'));
    keyPath = path.join(dir, 'service-account.json');
    writeFileSync(keyPath, JSON.stringify(fake.account()));
    fake.readable.add(property);
  });
  afterAll(async () => {
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    target = await createTarget(name);
    const opened0 = await openTarget(target);
    db = opened0.db;
    opened.push(db);
    await migrateToLatest(db, opened0.kind);
    fake.reset();
    googleData();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const each of opened.splice(0)) await each.destroy();
    await target.dispose();
  });

  it('stores every row of both sources, every page of Google, with the figures exact', async () => {
    const summary = await sync();
    expect(summary.outcome).toBe('done');
    expect(summary.sources.map((s) => [s.source, s.state, s.from, s.to])).toEqual([
      ['google', 'ok', '2024-11-09', yesterday],
      ['bing', 'ok', '2024-11-09', yesterday],
    ]);
    // One signed token served the whole run; the day of 5 rows took 3 pages of 2 (the last short).
    expect(fake.tokenRequests).toBe(1);
    const day8 = fake.requests.filter((r) => r.endpoint === 'google' && r.body.startDate === '2026-03-08');
    expect(day8.map((r) => [r.body.startRow, r.body.rowLimit])).toEqual([
      [0, 2],
      [2, 2],
      [4, 2],
    ]);
    expect(day8[0]!.body.dimensions).toEqual(['date', 'query', 'page', 'device']);
    expect(await stored('google')).toEqual({
      rows: 6,
      clicks: 17,
      impressions: 360,
      positionSum: 7 * 0 + 120 * 3.5 + 80 * 5.25 + 40 * 12 + 60 * 8 + 10 * 2 + 50 * 4,
    });
    expect(await stored('bing')).toEqual({ rows: 3, clicks: 5, impressions: 69, positionSum: 30 * 4 + 9 * 7 + 30 * 4 });
    const pages = await db.selectFrom('search_rows').select('page').where('source', '=', 'google').distinct().orderBy('page').execute();
    // Pages are stored as the site's paths (www or not, trailing slash or not) so they join to the analytics.
    expect(pages.map((p) => p.page)).toEqual(['/', '/audit', '/services/local-seo']);
    const states = await sourceStates(db);
    expect(states.map((s) => [s.source, s.state, s.rowsStored, s.dataToDay])).toEqual([
      ['bing', 'ok', 3, yesterday],
      ['google', 'ok', 6, yesterday],
    ]);
  });

  it('fetches the last 5 days again the next day and replaces them rather than adding', async () => {
    await sync();
    fake.reset();
    // Google's figures for the 8th settled: one row changed, one went.
    fake.google.set('2026-03-08', [googleRow('2026-03-08', 'seo hatfield', `${siteUrl}/services/local-seo`, 'MOBILE', 9, 130, 3)]);
    const summary = await sync();
    const google = summary.sources[0]!;
    expect([google.from, google.to]).toEqual(['2026-03-05', yesterday]);
    expect(fake.requests.filter((r) => r.endpoint === 'google').map((r) => r.body.startDate)).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
    ]);
    expect(await stored('google')).toEqual({ rows: 2, clicks: 13, impressions: 180, positionSum: 130 * 3 + 50 * 4 });
    expect(await stored('bing')).toEqual({ rows: 3, clicks: 5, impressions: 69, positionSum: 30 * 4 + 9 * 7 + 30 * 4 });
  });

  it('retries a 429 after its Retry-After, answers a 401 with one new token', async () => {
    await sync();
    fake.reset();
    // A 401 revokes the token the run holds.
    fake.faults.google.push({ status: 429, retryAfter: '1' }, { status: 503 }, { status: 401 });
    const started = Date.now();
    const summary = await sync();
    expect(summary.sources[0]).toMatchObject({ source: 'google', state: 'ok' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(fake.tokenRequests).toBe(2);
    // 429, 503, then 401 (the old token), then the same request with the new one.
    const first = fake.requests.filter((r) => r.endpoint === 'google' && r.body.startDate === '2026-03-05');
    expect(first).toHaveLength(4);
    expect(first[3]!.authorization).not.toBe(first[2]!.authorization);
  });

  it('a property the account cannot read: a plain state, one log line, the data kept, no secret logged', async () => {
    await sync();
    const before = await stored('google');
    const lines: string[] = [];
    const capture = (level: 'warn' | 'error' | 'info') =>
      vi.spyOn(log, level).mockImplementation(((...args: unknown[]) => {
        lines.push(JSON.stringify(args));
      }) as never);
    capture('warn');
    capture('error');
    capture('info');
    const summary = await sync({ GSC_PROPERTY: 'sc-domain:someone-else.example' });
    const google = summary.sources[0]!;
    expect(google.state).toBe('unshared');
    expect(google.message).toContain(
      `Not shared with the service account: add ${fake.accountEmail} as a user of sc-domain:someone-else.example in Search Console`,
    );
    expect(google.message).toContain('Users and permissions');
    expect(google.message).toContain('change GSC_PROPERTY');
    expect(await stored('google')).toEqual(before);
    expect(lines).toHaveLength(1);
    const states = await sourceStates(db);
    expect(states.find((s) => s.source === 'google')).toMatchObject({ state: 'unshared', rowsStored: before.rows, dataToDay: yesterday });
    expect(states.find((s) => s.source === 'google')!.lastSuccessAt).not.toBeNull();
    // Nothing secret in the log or the state: the private key, the Bing key, a token.
    const everything = JSON.stringify([lines, states]);
    expect(everything).not.toContain('PRIVATE KEY');
    expect(everything).not.toContain(fake.bingKey);
    expect(everything).not.toContain('ya29.');
  });

  it('the API down: retried, then a state; a wrong or malformed key file and a refused key are explained', async () => {
    vi.spyOn(log, 'warn').mockImplementation((() => {}) as never);
    fake.faults.google.push({ status: 500 }, { status: 500 }, { status: 500 });
    fake.faults.bing.push({ status: 503 }, { status: 503 }, { status: 503 });
    const down = await sync();
    expect(down.sources.map((s) => [s.state, s.message])).toEqual([
      ['error', expect.stringContaining('The Search Console API answered 500')],
      ['error', expect.stringContaining('The Bing Webmaster API answered 503')],
    ]);
    expect(await stored('google')).toMatchObject({ rows: 0 });

    const missing = await sync({ GSC_SERVICE_ACCOUNT_FILE: path.join(dir, 'absent.json') });
    expect(missing.sources[0]!.message).toContain('cannot be read (ENOENT)');
    const notKey = path.join(dir, 'not-a-key.json');
    writeFileSync(notKey, JSON.stringify({ type: 'authorized_user', client_id: 'x' }));
    expect((await sync({ GSC_SERVICE_ACCOUNT_FILE: notKey })).sources[0]!.message).toContain('is not a service account key');
    writeFileSync(notKey, '{ not json');
    expect((await sync({ GSC_SERVICE_ACCOUNT_FILE: notKey })).sources[0]!.message).toContain('is not JSON');
    // A key Google does not know (deleted, or another's): the token endpoint refuses its signature.
    const other = new FakeSearch();
    other.url = fake.url;
    const stranger = path.join(dir, 'stranger.json');
    writeFileSync(stranger, JSON.stringify(other.account(fake.accountEmail)));
    const refused = await sync({ GSC_SERVICE_ACCOUNT_FILE: stranger });
    expect(refused.sources[0]!.message).toContain('Google refused the service account key');
    expect(refused.sources[0]!.message).toContain('invalid_grant');
    const badBing = await sync({ BING_WEBMASTER_API_KEY: 'wrong-key-0000' });
    expect(badBing.sources[1]!.message).toContain('Bing did not accept the API key');
    expect(JSON.stringify(badBing)).not.toContain('wrong-key-0000');
  });

  it('the API slow: each request bounded by SEARCH_SYNC_TIMEOUT_MS, then a clear state, the data stored before kept, no crash', async () => {
    await sync();
    const [google, bingBefore] = [await stored('google'), await stored('bing')];
    const lines: string[] = [];
    for (const level of ['warn', 'error'] as const) {
      vi.spyOn(log, level).mockImplementation(((...args: unknown[]) => {
        lines.push(JSON.stringify(args));
      }) as never);
    }
    // Both answer, but far later than the time a request is given.
    const timeoutMs = 150;
    fake.delayMs = 2_000;
    fake.bingDelayMs = 2_000;
    const started = Date.now();
    const slow = await sync({ SEARCH_SYNC_TIMEOUT_MS: String(timeoutMs), SEARCH_SYNC_MAX_ATTEMPTS: '2' });
    // Two tries of each source's first request, each cut at the time limit, not at the fake's 2 s.
    expect(Date.now() - started).toBeLessThan(2_000);
    const seconds = `${timeoutMs / 1000} s`;
    expect(slow.sources.map((s) => [s.source, s.state, s.message])).toEqual([
      ['google', 'error', `The Search Console API did not answer within ${seconds} (SEARCH_SYNC_TIMEOUT_MS); it may be down or slow.`],
      ['bing', 'error', `The Bing Webmaster API did not answer within ${seconds} (SEARCH_SYNC_TIMEOUT_MS); it may be down or slow.`],
    ]);
    // What Settings shows: the problem, and the last success's rows and day.
    const states = await sourceStates(db);
    for (const source of ['google', 'bing']) {
      const state = states.find((s) => s.source === source)!;
      expect(state).toMatchObject({ state: 'error', dataToDay: yesterday });
      expect(state.message).toContain('did not answer within');
      expect(state.lastSuccessAt).not.toBeNull();
    }
    expect(await stored('google')).toEqual(google);
    expect(await stored('bing')).toEqual(bingBefore);
    // One line a source, as a warning (a known fault, not a crash).
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).toContain('did not answer within');
  });

  it('an API repeating in its refusal what it was sent: no key, token or private key reaches the state or the log', async () => {
    const lines: string[] = [];
    for (const level of ['warn', 'error', 'info'] as const) {
      vi.spyOn(log, level).mockImplementation(((...args: unknown[]) => {
        lines.push(JSON.stringify(args));
      }) as never);
    }
    const privateKey = (JSON.parse(readFileSync(keyPath, 'utf8')) as { private_key: string }).private_key;
    // Google repeats the Authorization header (its token) and the body; Bing the address, its apikey included.
    fake.faults.google.push({ status: 400, echo: true });
    fake.faults.bing.push({ status: 400, echo: true });
    const echoed = await sync();
    expect(echoed.sources.map((s) => [s.state, s.message])).toEqual([
      ['error', expect.stringContaining(`authorization: Bearer ${removed}`)],
      ['error', expect.stringContaining(`apikey=${removed}`)],
    ]);
    // Words quoting the private key, or the key on its own; the token endpoint repeating the signed assertion.
    fake.faults.google.push({ status: 400, message: `Cannot use ${privateKey}` });
    fake.faults.bing.push({ status: 400, message: `The key ${fake.bingKey} may not read this site` });
    const quoted = await sync();
    expect(quoted.sources.map((s) => s.message)).toEqual([
      expect.stringContaining(`(400: Cannot use ${removed})`),
      expect.stringContaining(`(400: The key ${removed} may not read this site)`),
    ]);
    fake.faults.token.push({ status: 400, echo: true });
    const token = await sync();
    expect(token.sources[0]!.message).toContain(`assertion=${removed}`);
    // One line a failed source: both twice, then Google alone.
    expect(lines).toHaveLength(5);
    const everything = JSON.stringify([lines, echoed, quoted, token, await sourceStates(db)]);
    expect(everything).not.toContain(fake.bingKey);
    expect(everything).not.toContain('ya29.');
    expect(everything).not.toContain('PRIVATE KEY');
    expect(everything).not.toContain(privateKey.split('\n')[1]!);
    expect(everything).not.toContain('assertion=eyJ');
  });

  it('sources not set up are "not connected" with the reason', async () => {
    const summary = await runSearchSync({ db, siteUrl, search: loadSettings({}).search, now });
    expect(summary.sources.map((s) => [s.source, s.state, s.message])).toEqual([
      ['google', 'off', 'Not connected: GSC_SERVICE_ACCOUNT_FILE is not set.'],
      ['bing', 'off', 'Not connected: BING_WEBMASTER_API_KEY is not set.'],
    ]);
  });

  it("syncs each watched client's site after this one, into its own rows; one not shared gets a plain state, the others go on", async () => {
    await db
      .insertInto('watch_sites')
      .values([
        // Shared with the account, and in the Bing account: its domain's property by default (example.co.uk, by the
        // Public Suffix List).
        watched('shop', 'https://www.shop.example.co.uk/', null, 1),
        // A URL-prefix property the owner set, not shared; its site not in the Bing account either.
        watched('garden', 'https://garden.example.com/', 'https://garden.example.com/', 2),
        // Removed: not synced.
        watched('gone', 'https://gone.example.org/', null, 3, 4),
      ])
      .execute();
    const shopProperty = 'sc-domain:example.co.uk';
    fake.readable.add(shopProperty);
    fake.propertyRows.set(
      shopProperty,
      new Map([
        [
          '2026-03-08',
          [
            googleRow('2026-03-08', 'running shoes', 'https://www.shop.example.co.uk/shoes/', 'MOBILE', 11, 300, 2.5),
            googleRow('2026-03-08', 'trail shoes', 'https://shop.example.co.uk/shoes/trail', 'DESKTOP', 4, 90, 6),
          ],
        ],
        [yesterday, [googleRow(yesterday, 'running shoes', 'https://www.shop.example.co.uk/shoes', 'DESKTOP', 3, 70, 4)]],
      ]),
    );
    fake.bingSites = new Set([`${new URL(siteUrl).origin}/`, 'https://www.shop.example.co.uk/']);
    fake.bingBySite.set('https://www.shop.example.co.uk/', {
      query: [{ Date: wcfDate('2026-03-08'), Query: 'running shoes', Clicks: 5, Impressions: 40, AvgClickPosition: 2, AvgImpressionPosition: 3 }],
      page: [
        {
          Date: wcfDate('2026-03-08'),
          Query: 'https://www.shop.example.co.uk/shoes',
          Clicks: 5,
          Impressions: 40,
          AvgClickPosition: 2,
          AvgImpressionPosition: 3,
        },
      ],
    });
    const warnings: string[] = [];
    vi.spyOn(log, 'warn').mockImplementation(((...args: unknown[]) => {
      warnings.push(JSON.stringify(args));
    }) as never);

    const summary = await sync();
    expect(summary.sources.map((s) => [s.site, s.source, s.state])).toEqual([
      ['this-site', 'google', 'ok'],
      ['this-site', 'bing', 'ok'],
      ['shop', 'google', 'ok'],
      ['shop', 'bing', 'ok'],
      ['garden', 'google', 'unshared'],
      ['garden', 'bing', 'unshared'],
    ]);
    // One token for the whole run; each site's own property and Bing site were asked for, 16 months the first time.
    expect(fake.tokenRequests).toBe(1);
    expect(new Set(fake.requests.filter((r) => r.endpoint === 'google').map((r) => r.property))).toEqual(
      new Set([property, shopProperty, 'https://garden.example.com/']),
    );
    expect(summary.sources[2]).toMatchObject({ from: '2024-11-09', to: yesterday });
    expect(fake.requests.some((r) => r.site === 'https://gone.example.org/' || r.property === 'sc-domain:gone.example.org')).toBe(false);

    // This site's figures are as before, the client's its own (its pages as its paths).
    expect(await stored('google')).toEqual({ rows: 6, clicks: 17, impressions: 360, positionSum: 120 * 3.5 + 80 * 5.25 + 40 * 12 + 60 * 8 + 10 * 2 + 50 * 4 });
    expect(await stored('google', 'shop')).toEqual({ rows: 3, clicks: 18, impressions: 460, positionSum: 300 * 2.5 + 90 * 6 + 70 * 4 });
    expect(await stored('bing', 'shop')).toEqual({ rows: 2, clicks: 10, impressions: 80, positionSum: 40 * 3 + 40 * 3 });
    expect(await stored('google', 'garden')).toMatchObject({ rows: 0 });
    const shopPages = await db.selectFrom('search_rows').select('page').where('site', '=', 'shop').distinct().orderBy('page').execute();
    expect(shopPages.map((p) => p.page)).toEqual(['', '/shoes', '/shoes/trail']);

    // The plain state of the site not shared, one warning for each of its sources, nothing secret.
    const garden = await sourceStates(db, 'garden');
    expect(garden.map((s) => [s.source, s.state])).toEqual([
      ['bing', 'unshared'],
      ['google', 'unshared'],
    ]);
    expect(garden.find((s) => s.source === 'google')!.message).toBe(
      `Not shared with the service account: add ${fake.accountEmail} as a user of https://garden.example.com/ in Search Console (open that property, Settings → Users and permissions → Add user; Restricted is enough). If https://garden.example.com/ is not the property's exact name, change the site’s Search Console property in the Sites tab.`,
    );
    expect(garden.find((s) => s.source === 'bing')!.message).toContain('Not in the Bing account: add https://garden.example.com/ to Bing Webmaster Tools');
    expect(warnings).toHaveLength(2);
    expect(JSON.stringify([warnings, garden])).not.toContain(fake.bingKey);

    // The Search view: this site by default, a client's site by its id; each its own figures.
    const period = { site: thisSiteId, period: '7d' as const, source: 'all' as const };
    const own = await searchOverview(db, period, now);
    expect(own.totals).toEqual({ clicks: 17 + 3, impressions: 360 + 39, ctr: 20 / 399, position: expect.any(Number) });
    const shop = await searchOverview(db, { ...period, site: 'shop' }, now);
    expect(shop.totals).toEqual({ clicks: 18 + 5, impressions: 460 + 40, ctr: 23 / 500, position: (300 * 2.5 + 90 * 6 + 70 * 4 + 40 * 3) / 500 });
    expect(shop.range).toMatchObject({ to: yesterday });
    const list = { ...period, site: 'shop', search: '', offset: 0, limit: 10 };
    expect((await topQueries(db, { ...list, list: 'queries' }, now)).rows).toEqual([
      { query: 'running shoes', clicks: 19, impressions: 410, ctr: 19 / 410, position: (300 * 2.5 + 70 * 4 + 40 * 3) / 410 },
      { query: 'trail shoes', clicks: 4, impressions: 90, ctr: 4 / 90, position: 6 },
    ]);
    // A client's pages are not joined to this site's analytics.
    expect((await topPages(db, { ...list, list: 'pages' }, now)).rows[0]).toEqual({
      page: '/shoes',
      clicks: 19,
      impressions: 410,
      ctr: 19 / 410,
      position: (300 * 2.5 + 70 * 4 + 40 * 3) / 410,
      visits: null,
      enquiries: null,
      lcpP75: null,
    });
    expect((await searchOverview(db, { ...period, site: 'garden' }, now)).hasData).toBe(false);

    // Settings' card: each client's site with its property and its sources' states.
    const idle = { running: () => false, nextRunAt: () => null } as unknown as SearchService;
    const status = await searchStatus({ db, search: idle }, loadSettings({ GSC_SERVICE_ACCOUNT_FILE: keyPath, BING_WEBMASTER_API_KEY: fake.bingKey }));
    expect(status.sites.map((s) => [s.id, s.property, s.hasData, s.sources.map((x) => x.state)])).toEqual([
      ['shop', shopProperty, true, ['ok', 'ok']],
      ['garden', 'https://garden.example.com/', false, ['unshared', 'unshared']],
    ]);

    // The next run: the last 5 days for every site that has data, 16 months still for the one not shared.
    fake.reset();
    const again = await sync();
    // (Bing's last day for the shop was the 8th: its 5 days end there.)
    expect(again.sources.filter((s) => s.site === 'shop').map((s) => s.from)).toEqual(['2026-03-05', '2026-03-04']);
    expect(again.sources.filter((s) => s.site === 'garden').map((s) => s.from)).toEqual(['2024-11-09', '2024-11-09']);
    expect(await stored('google', 'shop')).toMatchObject({ rows: 3, clicks: 18 });
  });

  it('offers the properties the service account can read (sites.list), and each site its default property', async () => {
    fake.readable.add('sc-domain:bright-bakery.co.uk');
    fake.readable.add('https://www.bright-bakery.co.uk/');
    try {
      const config = loadSettings({ GSC_SERVICE_ACCOUNT_FILE: keyPath, GSC_API_URL: fake.url });
      const answer = await searchProperties(config, 'https://www.bright-bakery.co.uk/');
      expect(answer).toEqual({
        ok: true,
        email: fake.accountEmail,
        // Every property the fake lets the account read (other tests' too), in order.
        readable: [...fake.readable].sort(),
        message: null,
        defaultProperty: 'sc-domain:bright-bakery.co.uk',
        thisSite: { property, fromSetting: false },
      });
      expect(answer.readable).toEqual(expect.arrayContaining(['https://www.bright-bakery.co.uk/', property, 'sc-domain:bright-bakery.co.uk']));
      expect(fake.requests.filter((r) => r.endpoint === 'sites')).toHaveLength(1);
      // This website's when no site is named; GSC_PROPERTY when set.
      const set = await searchProperties(
        loadSettings({ GSC_SERVICE_ACCOUNT_FILE: keyPath, GSC_API_URL: fake.url, GSC_PROPERTY: 'https://www.hale-digital.example/' }),
      );
      expect(set).toMatchObject({ defaultProperty: property, thisSite: { property: 'https://www.hale-digital.example/', fromSetting: true } });
      // Google not connected: no list, and why.
      expect(await searchProperties(loadSettings({}))).toMatchObject({
        email: null,
        readable: null,
        message: 'Not connected: GSC_SERVICE_ACCOUNT_FILE is not set.',
      });
    } finally {
      fake.readable.delete('sc-domain:bright-bakery.co.uk');
      fake.readable.delete('https://www.bright-bakery.co.uk/');
    }
  });

  it('two instances at once: one syncs, the other finds it busy', async () => {
    const second = await openTarget(target);
    opened.push(second.db);
    fake.delayMs = 5;
    const [a, b] = await Promise.all([sync(), sync({}, second.db)]);
    expect([a.outcome, b.outcome].sort()).toEqual(['busy', 'done']);
    expect(fake.tokenRequests).toBe(1);
    expect(await stored('google')).toMatchObject({ rows: 6, clicks: 17 });
    // The lease is released: the next run goes ahead.
    expect((await sync()).outcome).toBe('done');
    expect(addDays(yesterday, 1)).toBe('2026-03-10');
  });

  it("a client's site just added is synced at once, alone; one added while a sync runs, right after it (issue 40)", async () => {
    const shopProperty = 'sc-domain:example.co.uk';
    fake.readable.add(shopProperty);
    const add = (id: string, url: string) =>
      db
        .insertInto('watch_sites')
        .values(watched(id, url, null, 1))
        .execute();
    const service = createSearchService({ db, siteUrl, search: settings(), schedule: false });
    const googleProperties = () => new Set(fake.requests.filter((r) => r.endpoint === 'google').map((r) => r.property));
    try {
      await add('shop', 'https://www.shop.example.co.uk/');
      service.syncSite('shop');
      expect(service.running()).toBe(true);
      const alone = await service.current()!;
      expect(alone.sources.map((s) => [s.site, s.source])).toEqual([
        ['shop', 'google'],
        ['shop', 'bing'],
      ]);
      expect(googleProperties()).toEqual(new Set([shopProperty]));

      // Added while the whole sync runs (which may have read the sites before it was there): it follows on its own.
      fake.reset();
      expect(service.start()).toBe(true);
      await add('garden', 'https://garden.example.com/');
      service.syncSite('garden');
      await service.current()!;
      const followed = await until(async () => service.current() ?? undefined, 10_000);
      expect((await followed).sources.map((s) => s.site)).toEqual(['garden', 'garden']);
      expect(googleProperties().has(defaultPropertyOf('https://garden.example.com/'))).toBe(true);
    } finally {
      await service.stop();
    }
  });
});

/**
 * A search data sync against APIs that do not stop (issue 39), on SQLite and (with TEST_DATABASE_URL) PostgreSQL:
 * pages that never end stop the sync by itself within a minute with a message (Google documents at most 50,000 rows
 * a day), the database less than 50 MB larger and the data stored before kept; an answer of 400 MB (Bing's or Google's
 * rows, an error's words, a token) is read up to its limit and no further; replacing a large staged set lets the event
 * loop turn between batches.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerLimits, bytesInWords } from '../../src/config/answer-limits.mjs';
import { searchSyncLimits, searchSyncRefusals } from '../../src/config/search-sync.mjs';
import { loadSettings } from '../../src/config/settings.mjs';
import type { Db } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { log } from '../../src/server/platform/log.mjs';
import { replaceDays, sourceStates, stageRows } from '../../src/server/features/search/store.mjs';
import { runSearchSync } from '../../src/server/features/search/sync.mjs';
import { createTarget, databaseNames, type DatabaseTarget, openTarget } from '../support/databases';
import { FakeSearch, googleRow, wcfDate } from '../support/fake-search.mjs';

const siteUrl = loadSettings({}).siteUrl;
const property = 'sc-domain:hale-digital.example';
const now = Date.parse('2026-03-10T10:00:00Z');
const MB = 1024 * 1024;
/** What a client's connection may have taken beyond a limit before it was dropped: socket buffers on loopback. */
const bufferedSlack = 16 * MB;

describe.each(databaseNames())('search sync bounds on %s', (name) => {
  let fake: FakeSearch;
  let target: DatabaseTarget;
  let db: Db;
  let dir: string;
  let keyPath: string;

  const settings = (overrides: Record<string, string> = {}) =>
    loadSettings({
      GSC_SERVICE_ACCOUNT_FILE: keyPath,
      GSC_API_URL: fake.url,
      BING_WEBMASTER_API_KEY: fake.bingKey,
      BING_WEBMASTER_API_URL: `${fake.url}/bing`,
      SEARCH_SYNC_RETRY_BASE_MS: '5',
      SEARCH_SYNC_MAX_ATTEMPTS: '2',
      ...overrides,
    }).search;
  /** A sync with the real page size (25,000 rows), cut after `withinMs` if it has not ended by itself. */
  const sync = async (withinMs = 60_000) => {
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), withinMs);
    const started = performance.now();
    try {
      const summary = await runSearchSync({ db, siteUrl, search: settings(), now, signal: stop.signal });
      return { summary, ms: performance.now() - started, cut: stop.signal.aborted };
    } finally {
      clearTimeout(timer);
    }
  };
  /** The database's size on disk: SQLite's file and its write-ahead log; PostgreSQL's tables of the test's schema. */
  const databaseBytes = async () => {
    if (target.name === 'sqlite') {
      const file = target.url.replace(/^file:/, '');
      return [file, `${file}-wal`].reduce((sum, each) => sum + (statSync(each, { throwIfNoEntry: false })?.size ?? 0), 0);
    }
    const row = await sql<{ bytes: string }>`select coalesce(sum(pg_total_relation_size(c.oid)), 0) as bytes from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${target.options.searchPath} and c.relkind = 'r'`.execute(db);
    return Number(row.rows[0]?.bytes ?? 0);
  };
  const stored = (source: string) =>
    db
      .selectFrom('search_rows')
      .select((eb) => [eb.fn.countAll().as('rows'), eb.fn.sum('clicks').as('clicks')])
      .where('source', '=', source)
      .executeTakeFirstOrThrow()
      .then((row) => ({ rows: Number(row.rows), clicks: Number(row.clicks ?? 0) }));

  beforeAll(async () => {
    fake = await new FakeSearch().start();
    dir = mkdtempSync(path.join(os.tmpdir(), 'hale-search-bounds-'));
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
    const opened = await openTarget(target);
    db = opened.db;
    await migrateToLatest(db, opened.kind);
    fake.reset();
    fake.google.clear();
    fake.google.set('2026-03-08', [googleRow('2026-03-08', 'seo hatfield', `${siteUrl}/services/local-seo`, 'MOBILE', 7, 120, 3.5)]);
    fake.bing.query = [{ Date: wcfDate('2026-03-08'), Query: 'seo hatfield', Clicks: 2, Impressions: 30, AvgClickPosition: 3, AvgImpressionPosition: 4 }];
    fake.bing.page = [];
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await db.destroy();
    await target.dispose();
  });

  it('an API whose pages never end: the sync stops by itself within a minute with a message, the database under 50 MB larger, the data kept', async () => {
    const lines: string[] = [];
    vi.spyOn(log, 'warn').mockImplementation(((...args: unknown[]) => {
      lines.push(JSON.stringify(args));
    }) as never);
    expect((await sync()).summary.sources.map((s) => s.state)).toEqual(['ok', 'ok']);
    const before = { google: await stored('google'), bing: await stored('bing'), bytes: await databaseBytes() };

    fake.reset();
    fake.endlessPages = true;
    const { summary, ms, cut } = await sync();
    expect(cut).toBe(false);
    expect(ms).toBeLessThan(60_000);
    // The re-fetch starts 4 days before the last stored (the 8th): its first day's third full page is past Google's
    // ceiling of rows a day.
    const message = searchSyncRefusals.endlessPages('2026-03-04', Math.ceil(searchSyncLimits.rowsPerDay / searchSyncLimits.rowsPerPage) + 1);
    expect(summary.sources.map((s) => [s.source, s.state, s.message])).toEqual([
      ['google', 'error', message],
      ['bing', 'ok', expect.any(String)],
    ]);
    expect(fake.requests.filter((r) => r.endpoint === 'google').map((r) => [r.body.startDate, r.body.startRow, r.body.rowLimit])).toEqual([
      ['2026-03-04', 0, 25_000],
      ['2026-03-04', 25_000, 25_000],
      ['2026-03-04', 50_000, 25_000],
    ]);
    // What Settings shows and the log's one line; the rows stored before, and nothing of the endless day.
    expect((await sourceStates(db)).find((s) => s.source === 'google')).toMatchObject({ state: 'error', message, dataToDay: '2026-03-08' });
    expect(lines.filter((line) => line.includes('sync failed'))).toEqual([expect.stringContaining(message)]);
    expect(await stored('google')).toEqual(before.google);
    expect(
      Number(
        (
          await db
            .selectFrom('search_rows_staging')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
    expect((await databaseBytes()) - before.bytes).toBeLessThan(50 * MB);
  }, 120_000);

  it("Bing's or Google's rows answered as 400 MB: read up to the limit, the connection dropped, a message, nothing stored", async () => {
    vi.spyOn(log, 'warn').mockImplementation((() => {}) as never);
    fake.faults.bing.push({ status: 200, bytes: 400 * MB });
    fake.faults.google.push({ status: 200, bytes: 400 * MB });
    const { summary, ms } = await sync();
    expect(summary.sources.map((s) => [s.source, s.state, s.message])).toEqual([
      ['google', 'error', searchSyncRefusals.tooLarge('The Search Console API', answerLimits.searchConsolePage, 'one page of 2024-11-09', 'GSC_API_URL')],
      ['bing', 'error', searchSyncRefusals.tooLarge('The Bing Webmaster API', answerLimits.bing, 'GetQueryStats', 'BING_WEBMASTER_API_URL')],
    ]);
    expect(summary.sources[1]!.message).toMatch(/^The Bing Webmaster API answered more than 20 MB for GetQueryStats; nothing of it was stored/);
    // Not retried (the same answer would come again), and read no further than the limits.
    expect(fake.requests.filter((r) => r.endpoint === 'google')).toHaveLength(1);
    expect(fake.requests.filter((r) => r.endpoint.startsWith('bing'))).toHaveLength(1);
    expect(fake.streamed).toBeLessThan(answerLimits.searchConsolePage + answerLimits.bing + 2 * bufferedSlack);
    expect(ms).toBeLessThan(30_000);
    expect(await stored('google')).toEqual({ rows: 0, clicks: 0 });
    expect(await stored('bing')).toEqual({ rows: 0, clicks: 0 });
  }, 60_000);

  it('refusals of 400 MB and a token answer of 400 MB: read up to their limits, then the usual message', async () => {
    vi.spyOn(log, 'warn').mockImplementation((() => {}) as never);
    // Each tried twice (SEARCH_SYNC_MAX_ATTEMPTS 2), each 500 a long error's words.
    fake.faults.google.push({ status: 500, bytes: 400 * MB }, { status: 500, bytes: 400 * MB });
    fake.faults.bing.push({ status: 503, bytes: 400 * MB }, { status: 503, bytes: 400 * MB });
    const refused = await sync();
    expect(refused.summary.sources.map((s) => [s.source, s.state, s.message])).toEqual([
      ['google', 'error', 'The Search Console API answered 500.'],
      ['bing', 'error', 'The Bing Webmaster API answered 503.'],
    ]);
    expect(fake.streamed).toBeLessThan(4 * (answerLimits.refusal + bufferedSlack));

    fake.reset();
    // Enough for every try (google-auth-library tries a token request again itself).
    for (let i = 0; i < 20; i++) fake.faults.token.push({ status: 200, bytes: 400 * MB });
    const token = await sync();
    expect(token.summary.sources[0]!.message).toBe(
      `Google's token service answered more than ${bytesInWords(answerLimits.googleToken)} (a token is a few hundred bytes).`,
    );
    expect(fake.tokenRequests).toBeGreaterThan(0);
    expect(fake.streamed).toBeLessThan(fake.tokenRequests * (answerLimits.googleToken + bufferedSlack));
  }, 60_000);
});

describe('replacing a large staged set on SQLite (a synchronous driver)', () => {
  let target: DatabaseTarget;
  let db: Db;
  beforeEach(async () => {
    target = await createTarget('sqlite');
    const opened = await openTarget(target);
    db = opened.db;
    await migrateToLatest(db, opened.kind);
  });
  afterEach(async () => {
    await db.destroy();
    await target.dispose();
  });

  it('turns the event loop between batches, and stores every row with its figures', async () => {
    const days = ['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
    const perDay = 20_000;
    const rows = days.flatMap((day, d) =>
      Array.from({ length: perDay }, (_, i) => ({
        day,
        query: `query ${i % 5_000}`,
        page: `/page-${i % 40}`,
        device: ['MOBILE', 'DESKTOP', 'TABLET', 'TV'][Math.floor(i / 5_000)]!,
        clicks: (i + d) % 3,
        impressions: 10 + (i % 7),
        position: 1 + (i % 9),
      })),
    );
    // Rows stored before for one of the days, and one outside: the first replaced, the second kept.
    await stageRows(db, 'old-run', 'google', [
      { day: '2026-03-01', query: 'old', page: '/old', device: 'MOBILE', clicks: 50, impressions: 500, position: 2 },
      { day: '2026-02-20', query: 'kept', page: '/kept', device: 'MOBILE', clicks: 5, impressions: 50, position: 2 },
    ]);
    await replaceDays(db, 'old-run', 'google', '2026-02-20', '2026-03-01');
    for (let at = 0; at < rows.length; at += 25_000) await stageRows(db, 'run', 'google', rows.slice(at, at + 25_000));

    // The longest stretch the event loop was held, seen by a timer asking for a turn every millisecond.
    let longest = 0;
    let last = performance.now();
    let probing = true;
    const probe = () => {
      const at = performance.now();
      longest = Math.max(longest, at - last);
      last = at;
      if (probing) setTimeout(probe, 1);
    };
    setTimeout(probe, 1);
    const started = performance.now();
    const count = await replaceDays(db, 'run', 'google', days[0]!, days.at(-1)!);
    const tookMs = performance.now() - started;
    probing = false;
    // The stretch since the last turn counts too (the whole replace, when it never let the loop turn).
    longest = Math.max(longest, performance.now() - last);
    // Before, one transaction held the loop for the whole replace.
    expect(longest).toBeLessThan(tookMs / 3);

    expect(count).toBe(rows.length);
    const totals = await db
      .selectFrom('search_rows')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('clicks').as('clicks'), eb.fn.sum('impressions').as('impressions')])
      .executeTakeFirstOrThrow();
    expect(Number(totals.n)).toBe(rows.length + 1);
    expect(Number(totals.clicks)).toBe(rows.reduce((sum, row) => sum + row.clicks, 0) + 5);
    expect(Number(totals.impressions)).toBe(rows.reduce((sum, row) => sum + row.impressions, 0) + 50);
    // The roll-ups the view reads: each day's totals (rows with a query), each month's queries.
    const daily = await db.selectFrom('search_daily').select(['day', 'clicks']).orderBy('day').execute();
    expect(daily.map((row) => [row.day, Number(row.clicks)])).toEqual([
      ['2026-02-20', 5],
      ...days.map((day) => [day, rows.filter((row) => row.day === day).reduce((sum, row) => sum + row.clicks, 0)]),
    ]);
    const march = await db
      .selectFrom('search_monthly_queries')
      .select(['query', 'clicks'])
      .where('month', '=', '2026-03')
      .where('query', '=', 'query 7')
      .executeTakeFirstOrThrow();
    expect(Number(march.clicks)).toBe(rows.filter((row) => row.day >= '2026-03' && row.query === 'query 7').reduce((sum, row) => sum + row.clicks, 0));
    expect(await db.selectFrom('search_monthly_queries').select('query').where('query', '=', 'old').execute()).toEqual([]);
    expect(
      Number(
        (
          await db
            .selectFrom('search_rows_staging')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  }, 120_000);
});

// @ts-check
// Search data storage: a sync's rows go to a staging table page by page (memory holds one page), then replace the
// stored rows of the days they cover, a few thousand rows a transaction with a turn of the event loop between (SQLite's
// driver is synchronous: one transaction over a large range held every request), so a re-fetch replaces rather than
// adds and a failed run leaves the days it had not replaced as they were. Each site's sources' state for Settings is kept beside them. Every row belongs to
// a watched site (its id; this website's is `thisSiteId`, the default of every function here).
// Plain JavaScript (typed with JSDoc) because `npm run search:sync` runs it without the bundle.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { addDays } from '../../../lib/days.mjs';
import { thisSiteId } from '../../../config/sites.mjs';

/** @typedef {import('kysely').Kysely<any>} Db */
/**
 * One row as a source gives it: '' where it does not split by that dimension; position is the average position.
 * @typedef {{ day: string, query: string, page: string, device: string, clicks: number, impressions: number, position: number }} SourceRow
 */
/** @typedef {'google' | 'bing' | 'import'} SearchSource */

/** Rows per insert: 11 parameters each stays far below SQLite's and PostgreSQL's limits. */
const insertChunk = 400;
/**
 * Staged rows moved per transaction, and days at most, when replacing: a transaction of 2,000 rows held SQLite (and so
 * the event loop) for 20–100 ms on the development machine, one of 20,000 rows for 0.4–2 s.
 */
const replaceBatch = { rows: 2_000, days: 31 };
const columns = /** @type {const} */ (['site', 'source', 'day', 'query', 'page', 'device', 'clicks', 'impressions', 'position_sum']);

/**
 * Adds a page of a run's rows to the staging table.
 * @param {Db} db @param {string} runId @param {SearchSource} source @param {SourceRow[]} rows @param {string} [site]
 */
export async function stageRows(db, runId, source, rows, site = thisSiteId) {
  for (let at = 0; at < rows.length; at += insertChunk) {
    await db
      .insertInto('search_rows_staging')
      .values(
        rows.slice(at, at + insertChunk).map((row) => ({
          run_id: runId,
          site,
          source,
          day: row.day,
          query: row.query,
          page: row.page,
          device: row.device,
          clicks: row.clicks,
          impressions: row.impressions,
          position_sum: row.position * row.impressions,
        })),
      )
      .execute();
    // A turn of the event loop between inserts: a page of 25,000 rows is 63 of them.
    await nextTurn();
  }
}

/**
 * Replaces the site's stored rows of `source` from `from` to `to` (days, inclusive) with the run's staged rows, in
 * batches of whole days (a transaction each, a turn of the event loop between), then rebuilds the roll-ups of those
 * days and months; the staged rows are removed as they are moved. Returns how many rows were stored.
 * @param {Db} db @param {string} runId @param {SearchSource} source @param {string} from @param {string} to @param {string} [site]
 * @returns {Promise<number>}
 */
export async function replaceDays(db, runId, source, from, to, site = thisSiteId) {
  const staged = await db
    .selectFrom('search_rows_staging')
    .select(['day', (eb) => eb.fn.countAll().as('n')])
    .where('run_id', '=', runId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .orderBy('day')
    .execute();
  const rowsOf = new Map(staged.map((row) => [String(row.day), Number(row.n)]));
  // Only the days that have rows, staged or stored, need work (an import replaces "every day": 0000 to 9999).
  const held = await db
    .selectFrom('search_rows')
    .select((eb) => [eb.fn.min('day').as('first'), eb.fn.max('day').as('last')])
    .where('site', '=', site)
    .where('source', '=', source)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst();
  const days = [...rowsOf.keys(), held?.first, held?.last].filter((day) => typeof day === 'string').sort();
  if (days.length === 0) return 0;
  const [start, end] = [/** @type {string} */ (days[0]), /** @type {string} */ (days.at(-1))];
  let stored = 0;
  for (let first = start; first <= end;) {
    let rows = rowsOf.get(first) ?? 0;
    if (rows > replaceBatch.rows) {
      stored += await replaceLargeDay(db, runId, source, first, site);
      first = addDays(first, 1);
      continue;
    }
    // Whole days up to the batch's rows or days (days with no rows staged lose those stored).
    let last = first;
    for (let count = 1; last < end && count < replaceBatch.days; count++) {
      const next = addDays(last, 1);
      const more = rowsOf.get(next) ?? 0;
      // A day too large for a batch is never added to one: it is replaced on its own, a key range at a time, above.
      if (rows + more > replaceBatch.rows) break;
      last = next;
      rows += more;
    }
    stored += await replaceBatchOfDays(db, runId, source, first, last, site);
    first = addDays(last, 1);
    await nextTurn();
  }
  await rollUpMonths(db, source, start, end, site);
  return stored;
}

/**
 * A day of more staged rows than a batch: replaced a range of keys (query, page, device) a transaction, each range
 * about a batch of rows (a key given twice stays in one range, where its rows are summed), a turn of the event loop
 * between; its totals rebuilt with the last range.
 * @param {Db} db @param {string} runId @param {SearchSource} source @param {string} day @param {string} site
 */
async function replaceLargeDay(db, runId, source, day, site) {
  const ranked = await sql`select query, page, device from (
      select query, page, device, row_number() over (order by query, page, device) as n
      from search_rows_staging where run_id = ${runId} and day = ${day}
    ) ranked where n % ${replaceBatch.rows} = 1 and n > 1 order by query, page, device`.execute(db);
  const bounds = /** @type {{ query: string, page: string, device: string }[]} */ (ranked.rows);
  let stored = 0;
  for (let at = 0; at <= bounds.length; at++) {
    const [low, high] = [bounds[at - 1], bounds[at]];
    /** @template {import('kysely').SelectQueryBuilder<any, any, any> | import('kysely').DeleteQueryBuilder<any, any, any>} Q @param {Q} query @returns {Q} */
    const inRange = (query) =>
      /** @type {any} */ (query)
        .where('day', '=', day)
        .$if(low !== undefined, (/** @type {any} */ q) =>
          q.where((/** @type {any} */ eb) => eb(eb.refTuple('query', 'page', 'device'), '>=', eb.tuple(low?.query, low?.page, low?.device))),
        )
        .$if(high !== undefined, (/** @type {any} */ q) =>
          q.where((/** @type {any} */ eb) => eb(eb.refTuple('query', 'page', 'device'), '<', eb.tuple(high?.query, high?.page, high?.device))),
        );
    stored += await db.transaction().execute(async (trx) => {
      await inRange(trx.deleteFrom('search_rows').where('site', '=', site).where('source', '=', source)).execute();
      const inserted = await trx
        .insertInto('search_rows')
        .columns([...columns])
        .expression(inRange(stagedSums(trx).where('run_id', '=', runId)).groupBy(['site', 'source', 'day', 'query', 'page', 'device']))
        .executeTakeFirst();
      await inRange(trx.deleteFrom('search_rows_staging').where('run_id', '=', runId)).execute();
      if (at === bounds.length) await rollUpDays(trx, source, day, day, site);
      return Number(inserted?.numInsertedOrUpdatedRows ?? 0);
    });
    await nextTurn();
  }
  return stored;
}

/** The staged rows' figures, summed by key when grouped (a source may give one key twice). @param {Db} db */
const stagedSums = (db) =>
  db
    .selectFrom('search_rows_staging')
    .select([
      'site',
      'source',
      'day',
      'query',
      'page',
      'device',
      sql`sum(clicks)`.as('clicks'),
      sql`sum(impressions)`.as('impressions'),
      sql`sum(position_sum)`.as('position_sum'),
    ]);

/**
 * One batch: the stored rows of the days from `first` to `last` replaced by the run's staged rows of those days, and
 * those days' totals rebuilt, in one transaction.
 * @param {Db} db @param {string} runId @param {SearchSource} source @param {string} first @param {string} last @param {string} site
 */
async function replaceBatchOfDays(db, runId, source, first, last, site) {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('search_rows').where('site', '=', site).where('source', '=', source).where('day', '>=', first).where('day', '<=', last).execute();
    // A source may give one key twice (Bing's statistics do on some days): the stored row is their sum.
    const inserted = await trx
      .insertInto('search_rows')
      .columns([...columns])
      .expression(
        stagedSums(trx)
          .where('run_id', '=', runId)
          .where('day', '>=', first)
          .where('day', '<=', last)
          .groupBy(['site', 'source', 'day', 'query', 'page', 'device']),
      )
      .executeTakeFirst();
    await trx.deleteFrom('search_rows_staging').where('run_id', '=', runId).where('day', '>=', first).where('day', '<=', last).execute();
    await rollUpDays(trx, source, first, last, site);
    return Number(inserted?.numInsertedOrUpdatedRows ?? 0);
  });
}

const summed = /** @type {const} */ ([sql`sum(clicks)`.as('clicks'), sql`sum(impressions)`.as('impressions'), sql`sum(position_sum)`.as('position_sum')]);

/**
 * Rebuilds the site's roll-ups of `source` for the days from `from` to `to` (inclusive) and the months they touch,
 * from the stored rows: the day totals (rows with a query, as the view counts; for an import, its day-total rows,
 * since its queries are totals of its whole range: import.mjs), and each month's queries and pages.
 * @param {Db} db @param {SearchSource} source @param {string} from @param {string} to @param {string} [site]
 */
export async function rollUp(db, source, from, to, site = thisSiteId) {
  await rollUpDays(db, source, from, to, site);
  await rollUpMonths(db, source, from, to, site);
}

const clamp = (/** @type {string} */ day) => (day < '0001-01-01' ? '0001-01-01' : day > '9999-12-31' ? '9999-12-31' : day);

/** The day totals of the days from `from` to `to`. @param {Db} db @param {SearchSource} source @param {string} from @param {string} to @param {string} site */
async function rollUpDays(db, source, from, to, site) {
  const [first, last] = [clamp(from), clamp(to)];
  await db.deleteFrom('search_daily').where('site', '=', site).where('source', '=', source).where('day', '>=', first).where('day', '<=', last).execute();
  await db
    .insertInto('search_daily')
    .columns(['site', 'source', 'day', 'clicks', 'impressions', 'position_sum'])
    .expression(
      db
        .selectFrom('search_rows')
        .select(['site', 'source', 'day', ...summed])
        .where('site', '=', site)
        .where('source', '=', source)
        .where('day', '>=', first)
        .where('day', '<=', last)
        .where((eb) => (source === 'import' ? eb.and([eb('query', '=', ''), eb('page', '=', '')]) : eb('query', '!=', '')))
        .groupBy(['site', 'source', 'day']),
    )
    .execute();
}

/**
 * The queries' and pages' totals of each month the days from `from` to `to` touch, a month a transaction with a turn
 * of the event loop between (a sync's 16 months are 17 of them).
 * @param {Db} db @param {SearchSource} source @param {string} from @param {string} to @param {string} site
 */
async function rollUpMonths(db, source, from, to, site) {
  const [monthFrom, monthTo] = [clamp(from).slice(0, 7), clamp(to).slice(0, 7)];
  for (let month = monthFrom; month <= monthTo; month = addDays(`${month}-28`, 7).slice(0, 7)) {
    const inMonth = month;
    const rebuild = async (/** @type {Db} */ trx) => {
      for (const [table, key] of /** @type {const} */ ([
        ['search_monthly_queries', 'query'],
        ['search_monthly_pages', 'page'],
      ])) {
        await trx.deleteFrom(table).where('site', '=', site).where('source', '=', source).where('month', '=', inMonth).execute();
        const monthOf = sql`substr(day, 1, 7)`;
        await trx
          .insertInto(table)
          .columns(['site', 'source', 'month', key, 'clicks', 'impressions', 'position_sum'])
          .expression(
            trx
              .selectFrom('search_rows')
              .select(['site', 'source', monthOf.as('month'), key, ...summed])
              .where('site', '=', site)
              .where('source', '=', source)
              .where('day', '>=', `${inMonth}-01`)
              .where('day', '<=', `${inMonth}-31`)
              .where(key, '!=', '')
              .groupBy(['site', 'source', monthOf, key]),
          )
          .execute();
      }
    };
    // Inside a caller's transaction (an import's) it is part of it; otherwise a transaction of its own.
    if (db.isTransaction) await rebuild(db);
    else {
      await db.transaction().execute(rebuild);
      await nextTurn();
    }
    if (month === monthTo) break;
  }
}

/**
 * Drops a run's staged rows (a run that failed), a batch of keys at a time with a turn of the event loop between: a
 * run stopped at Google's ceiling has 50,000 of them, whose one delete held SQLite about a second.
 * @param {Db} db @param {string} runId
 */
export async function dropStaged(db, runId) {
  const key = /** @type {const} */ (['day', 'query', 'page', 'device']);
  for (;;) {
    const edge = await db
      .selectFrom('search_rows_staging')
      .select([...key])
      .where('run_id', '=', runId)
      .orderBy([...key])
      .offset(replaceBatch.rows - 1)
      .limit(1)
      .executeTakeFirst();
    if (!edge) break;
    await db
      .deleteFrom('search_rows_staging')
      .where('run_id', '=', runId)
      .where((eb) => eb(eb.refTuple(...key), '<=', eb.tuple(edge.day, edge.query, edge.page, edge.device)))
      .execute();
    await nextTurn();
  }
  await db.deleteFrom('search_rows_staging').where('run_id', '=', runId).execute();
}

/** The last day stored for a site's source, or null. @param {Db} db @param {SearchSource} source @param {string} [site] */
export async function lastStoredDay(db, source, site = thisSiteId) {
  const row = await db
    .selectFrom('search_rows')
    .select((eb) => eb.fn.max('day').as('day'))
    .where('site', '=', site)
    .where('source', '=', source)
    .executeTakeFirst();
  return /** @type {string | null} */ (row?.day ?? null);
}

/**
 * @typedef {object} SourceState
 * @property {string} site
 * @property {SearchSource} source
 * @property {'ok' | 'off' | 'unshared' | 'error'} state
 * @property {string} message
 * @property {number | null} lastAttemptAt
 * @property {number | null} lastSuccessAt
 * @property {number} rowsStored rows stored for the source in all
 * @property {string | null} dataToDay
 */

/**
 * Records how a site's source's sync (or import) went. A failure keeps the last success, its rows and its day.
 * @param {Db} db
 * @param {SearchSource} source
 * @param {{ state: 'ok' | 'off' | 'unshared' | 'error', message: string, at: number }} outcome
 * @param {string} [site]
 */
export async function recordState(db, source, { state, message, at }, site = thisSiteId) {
  const totals = await db
    .selectFrom('search_rows')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('day').as('day')])
    .where('site', '=', site)
    .where('source', '=', source)
    .executeTakeFirstOrThrow();
  const values = {
    state,
    message,
    last_attempt_at: state === 'off' ? null : at,
    rows_stored: Number(totals.n),
    data_to_day: /** @type {string | null} */ (totals.day ?? null),
  };
  const success = state === 'ok' ? { last_success_at: at } : {};
  await db
    .insertInto('search_sources')
    .values({ site, source, ...values, last_success_at: state === 'ok' ? at : null })
    .onConflict((conflict) => conflict.columns(['site', 'source']).doUpdateSet({ ...values, ...success }))
    .execute();
}

/**
 * The recorded state of each source of a site (this website by default), or of every site's with `site: null`.
 * @param {Db} db @param {string | null} [site] @returns {Promise<SourceState[]>}
 */
export async function sourceStates(db, site = thisSiteId) {
  let query = db.selectFrom('search_sources').selectAll().orderBy('site').orderBy('source');
  if (site !== null) query = query.where('site', '=', site);
  const rows = await query.execute();
  return rows.map((row) => ({
    site: row.site,
    source: row.source,
    state: row.state,
    message: row.message,
    lastAttemptAt: row.last_attempt_at === null ? null : Number(row.last_attempt_at),
    lastSuccessAt: row.last_success_at === null ? null : Number(row.last_success_at),
    rowsStored: Number(row.rows_stored),
    dataToDay: row.data_to_day,
  }));
}

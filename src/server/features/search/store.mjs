// Search data storage: a sync's rows go to a staging table page by page (memory holds one page), then replace the
// stored rows of the days they cover in one transaction, so a re-fetch replaces rather than adds and a failed run
// leaves the stored data as it was. Each site's sources' state for Settings is kept beside them. Every row belongs to
// a watched site (its id; this website's is `ownSiteId`, the default of every function here).
// Plain JavaScript (typed with JSDoc) because `npm run search:sync` runs it without the bundle.
import { sql } from 'kysely';
import { ownSiteId } from '../watch/public.mjs';

/** @typedef {import('kysely').Kysely<any>} Db */
/**
 * One row as a source gives it: '' where it does not split by that dimension; position is the average position.
 * @typedef {{ day: string, query: string, page: string, device: string, clicks: number, impressions: number, position: number }} SourceRow
 */
/** @typedef {'google' | 'bing' | 'import'} SearchSource */

/** Rows per insert: 11 parameters each stays far below SQLite's and PostgreSQL's limits. */
const insertChunk = 400;
const columns = /** @type {const} */ (['site', 'source', 'day', 'query', 'page', 'device', 'clicks', 'impressions', 'position_sum']);

/**
 * Adds a page of a run's rows to the staging table.
 * @param {Db} db @param {string} runId @param {SearchSource} source @param {SourceRow[]} rows @param {string} [site]
 */
export async function stageRows(db, runId, source, rows, site = ownSiteId) {
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
  }
}

/**
 * Replaces the site's stored rows of `source` from `from` to `to` (days, inclusive) with the run's staged rows, in one
 * transaction; the staged rows are then removed. Returns how many rows were stored.
 * @param {Db} db @param {string} runId @param {SearchSource} source @param {string} from @param {string} to @param {string} [site]
 * @returns {Promise<number>}
 */
export async function replaceDays(db, runId, source, from, to, site = ownSiteId) {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('search_rows').where('site', '=', site).where('source', '=', source).where('day', '>=', from).where('day', '<=', to).execute();
    // A source may give one key twice (Bing's statistics do on some days): the stored row is their sum.
    await trx
      .insertInto('search_rows')
      .columns([...columns])
      .expression(
        trx
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
          ])
          .where('run_id', '=', runId)
          .where('day', '>=', from)
          .where('day', '<=', to)
          .groupBy(['site', 'source', 'day', 'query', 'page', 'device']),
      )
      .execute();
    const stored = await trx
      .selectFrom('search_rows')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('site', '=', site)
      .where('source', '=', source)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('search_rows_staging').where('run_id', '=', runId).execute();
    await rollUp(trx, source, from, to, site);
    return Number(stored.n);
  });
}

const summed = /** @type {const} */ ([sql`sum(clicks)`.as('clicks'), sql`sum(impressions)`.as('impressions'), sql`sum(position_sum)`.as('position_sum')]);

/**
 * Rebuilds the site's roll-ups of `source` for the days from `from` to `to` (inclusive) and the months they touch,
 * from the stored rows: the day totals (rows with a query, as the view counts; for an import, its day-total rows,
 * since its queries are totals of its whole range: import.mjs), and each month's queries and pages.
 * @param {Db} db @param {SearchSource} source @param {string} from @param {string} to @param {string} [site]
 */
export async function rollUp(db, source, from, to, site = ownSiteId) {
  const clamp = (/** @type {string} */ day) => (day < '0001-01-01' ? '0001-01-01' : day > '9999-12-31' ? '9999-12-31' : day);
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
  const [monthFrom, monthTo] = [first.slice(0, 7), last.slice(0, 7)];
  for (const [table, key] of /** @type {const} */ ([
    ['search_monthly_queries', 'query'],
    ['search_monthly_pages', 'page'],
  ])) {
    await db.deleteFrom(table).where('site', '=', site).where('source', '=', source).where('month', '>=', monthFrom).where('month', '<=', monthTo).execute();
    const month = sql`substr(day, 1, 7)`;
    await db
      .insertInto(table)
      .columns(['site', 'source', 'month', key, 'clicks', 'impressions', 'position_sum'])
      .expression(
        db
          .selectFrom('search_rows')
          .select(['site', 'source', month.as('month'), key, ...summed])
          .where('site', '=', site)
          .where('source', '=', source)
          .where('day', '>=', `${monthFrom}-01`)
          .where('day', '<=', `${monthTo}-31`)
          .where(key, '!=', '')
          .groupBy(['site', 'source', month, key]),
      )
      .execute();
  }
}

/** Drops a run's staged rows (a run that failed). @param {Db} db @param {string} runId */
export async function dropStaged(db, runId) {
  await db.deleteFrom('search_rows_staging').where('run_id', '=', runId).execute();
}

/** The last day stored for a site's source, or null. @param {Db} db @param {SearchSource} source @param {string} [site] */
export async function lastStoredDay(db, source, site = ownSiteId) {
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
export async function recordState(db, source, { state, message, at }, site = ownSiteId) {
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
export async function sourceStates(db, site = ownSiteId) {
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

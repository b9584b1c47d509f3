// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // Search data, kept for good: one row per site × source × day × query × page × device. `site` is the watched site's
  // id (watch_sites.id: 'this-site' for this website, own = 1), first in every key so one site's rows sit together.
  // A source that does not split by one of them stores '' there (Bing's query statistics have no page, its page
  // statistics no query; an imported export has neither day split nor device). `position_sum` is the average position × impressions, so a position
  // over any rows is sum(position_sum) ÷ sum(impressions): impression-weighted, as the sources compute it.
  await db.schema
    .createTable('search_rows')
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull())
    .addColumn('position_sum', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_rows_pk', ['site', 'source', 'day', 'query', 'page', 'device'])
    .execute();
  // The view's queries read a site's rows of a period by source and day and group them by query or by page, or one
  // query's or one page's rows: covering indexes (site, source and day first, as the primary key, so the planner
  // takes them), so they never visit the table.
  await db.schema
    .createIndex('search_rows_day_query')
    .on('search_rows')
    .columns(['site', 'source', 'day', 'query', 'clicks', 'impressions', 'position_sum'])
    .execute();
  await db.schema
    .createIndex('search_rows_day_page')
    .on('search_rows')
    .columns(['site', 'source', 'day', 'page', 'clicks', 'impressions', 'position_sum'])
    .execute();
  await db.schema
    .createIndex('search_rows_query_day')
    .on('search_rows')
    .columns(['site', 'query', 'source', 'day', 'page', 'clicks', 'impressions', 'position_sum'])
    .execute();
  await db.schema
    .createIndex('search_rows_page_day')
    .on('search_rows')
    .columns(['site', 'page', 'source', 'day', 'query', 'clicks', 'impressions', 'position_sum'])
    .execute();
  // Roll-ups kept beside the rows (rebuilt for the days and months a sync or import replaced), so a view over any
  // period reads few rows: a day's totals per source (from the rows with a query, as the view counts), and a month's
  // figures per query and per page. A period reads whole months from these and only its partial month's days from
  // search_rows.
  await db.schema
    .createTable('search_daily')
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull())
    .addColumn('position_sum', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_daily_pk', ['site', 'source', 'day'])
    .execute();
  for (const [table, key] of /** @type {const} */ ([
    ['search_monthly_queries', 'query'],
    ['search_monthly_pages', 'page'],
  ])) {
    await db.schema
      .createTable(table)
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn(key, 'text', (c) => c.notNull())
      .addColumn('clicks', 'integer', (c) => c.notNull())
      .addColumn('impressions', 'integer', (c) => c.notNull())
      .addColumn('position_sum', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['site', 'source', 'month', key])
      .execute();
    await db.schema.createIndex(`${table}_month`).on(table).columns(['site', 'source', 'month', key, 'clicks', 'impressions', 'position_sum']).execute();
  }
  // A sync's rows before they replace the stored days (one run's, by its id), so memory holds one page of rows and
  // a failed run leaves the stored data as it was.
  await db.schema
    .createTable('search_rows_staging')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull())
    .addColumn('position_sum', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_rows_staging_run').on('search_rows_staging').column('run_id').execute();
  // Each site's sources' state for Settings: connected or not and why (a property not shared with the service
  // account, say), the last sync, its rows, data up to which day.
  await db.schema
    .createTable('search_sources')
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('last_success_at', 'bigint')
    .addColumn('rows_stored', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data_to_day', 'text')
    .addPrimaryKeyConstraint('search_sources_pk', ['site', 'source'])
    .execute();
}

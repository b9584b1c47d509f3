// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // Watched sites: this site (own = 1, always there) and the clients' sites the owner adds. Removing one sets
  // removed_at (its history stays); erasing deletes it and everything below.
  await db.schema
    .createTable('watch_sites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('client_email', 'text')
    .addColumn('copy_client', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('own', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('crawl_every_hours', 'integer', (c) => c.notNull())
    .addColumn('availability_every_minutes', 'integer', (c) => c.notNull())
    // JSON array of the check kinds switched off for this site.
    .addColumn('kinds_off', 'text', (c) => c.notNull().defaultTo('[]'))
    // The site's Search Console property when it is not the domain property of its host (`sc-domain:` + host), such
    // as a URL-prefix property; null for the default.
    .addColumn('search_property', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('removed_at', 'bigint')
    .execute();
  // When each check of each site is next due: a check is claimed under a lease, run, and its result, its alerts and the
  // next due time written in one transaction, so a restart neither skips nor repeats one.
  await db.schema
    .createTable('watch_schedule')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('next_due_at', 'bigint', (c) => c.notNull())
    .addColumn('last_run_at', 'bigint')
    .addPrimaryKeyConstraint('watch_schedule_pk', ['site_id', 'kind'])
    .execute();
  // Each check's result: what was seen (evidence, JSON), the response time, and for crawls the score and the report.
  await db.schema
    .createTable('watch_results')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('response_ms', 'integer')
    .addColumn('score', 'integer')
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('evidence', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('watch_results_site_kind_at').on('watch_results').columns(['site_id', 'kind', 'at']).execute();
  // Alerts: one per problem while it lasts. open_key is `site|problem` while open and null once closed, so a second
  // open alert for the same problem cannot be written (by this instance or another).
  await db.schema
    .createTable('watch_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('problem', 'text', (c) => c.notNull())
    .addColumn('open_key', 'text', (c) => c.unique())
    .addColumn('urgent', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('evidence', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema.createIndex('watch_alerts_site').on('watch_alerts').columns(['site_id', 'opened_at']).execute();
  // Alert webhook calls (ALERT_WEBHOOK_URL): a durable queue like the e-mail outbox, claimed under a lease, retried
  // with backoff until the receiver takes it, sent once.
  await db.schema
    .createTable('watch_webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alert_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('watch_webhooks_due').on('watch_webhooks').columns(['status', 'next_attempt_at']).execute();
}

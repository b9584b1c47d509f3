// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

// The ids as they were when this ran (written out, not imported: a migration is history, src/config/sites.mjs may move on).
const oldReportKey = 'this';
const thisSiteId = 'this-site';

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // One id for this website: the reports named it 'this' where the watch and the search data name it 'this-site'. Its
  // reports and report settings take the one id; a report's stored figures name their site too (data.site.key).
  /** @param {import('kysely').Kysely<any>} trx */
  const rewrite = async (trx) => {
    // A settings row under the new id cannot exist yet (nothing wrote one); were there one, it is the newer choice.
    const newer = await trx.selectFrom('report_site_settings').select('site_key').where('site_key', '=', thisSiteId).executeTakeFirst();
    if (newer) await trx.deleteFrom('report_site_settings').where('site_key', '=', oldReportKey).execute();
    else await trx.updateTable('report_site_settings').set({ site_key: thisSiteId }).where('site_key', '=', oldReportKey).execute();

    const reports = await trx.selectFrom('reports').select(['id', 'data']).where('site_key', '=', oldReportKey).execute();
    for (const report of reports) {
      const data = JSON.parse(String(report.data));
      if (data?.site?.key === oldReportKey) data.site.key = thisSiteId;
      await trx
        .updateTable('reports')
        .set({ site_key: thisSiteId, data: JSON.stringify(data) })
        .where('id', '=', report.id)
        .execute();
    }
  };
  // PostgreSQL runs each migration in a transaction already; SQLite's run outside one, so this one makes its own.
  await (db.isTransaction ? rewrite(db) : db.transaction().execute(rewrite));
}

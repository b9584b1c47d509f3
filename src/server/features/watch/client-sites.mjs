// @ts-check
// The clients' sites now watched, as the search sync reads them: plain JavaScript, so the sync (`npm run search:sync`,
// outside the bundle) asks the watch for them rather than reading its table.

/** @typedef {import('kysely').Kysely<any>} Db */

/**
 * Each client's site now watched (not this website, not removed), in the order they were added.
 * @param {Db} db
 * @returns {Promise<{ id: string, name: string, url: string, searchProperty: string | null }[]>}
 */
export async function watchedClientSitesInOrder(db) {
  const rows = await db
    .selectFrom('watch_sites')
    .select(['id', 'name', 'url', 'search_property'])
    .where('own', '=', 0)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: String(row.id), name: String(row.name), url: String(row.url), searchProperty: row.search_property ?? null }));
}

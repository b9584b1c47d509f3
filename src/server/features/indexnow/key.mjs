// @ts-check
// Which IndexNow key the site uses: INDEXNOW_KEY where the server sets it (it wins), otherwise the key kept in the
// database while the owner has switched IndexNow on in the admin (migration 0015 made the key and the switch, off).
// Read at each use, not at start, so a switch in one process counts in every process on the database at once.
// Plain JavaScript (typed with JSDoc) because runIndexNow, which `npm run indexnow` runs without the bundle, reads it.
import { indexNowKeyPattern } from '../../../config/settings.mjs';

/** The settings rows migration 0015 made. */
const rows = { key: 'indexnow_key', switch: 'indexnow_switch' };

/** @typedef {import('kysely').Kysely<any>} Db */
/**
 * Where the key in use comes from: 'server' (INDEXNOW_KEY), 'admin' (switched on in Settings), or null (off).
 * @typedef {{ key: string | undefined, source: 'server' | 'admin' | null }} IndexNowKey
 */

/**
 * @param {Db} db @param {string | undefined} serverKey INDEXNOW_KEY
 * @returns {Promise<IndexNowKey>}
 */
export async function currentIndexNowKey(db, serverKey) {
  if (serverKey) return { key: serverKey, source: 'server' };
  const found = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [rows.key, rows.switch]).execute();
  const on = found.find((row) => row.key === rows.switch)?.value === 'on';
  const key = found.find((row) => row.key === rows.key)?.value;
  return on && key ? { key, source: 'admin' } : { key: undefined, source: null };
}

/** The owner's switch (the admin refuses it while INDEXNOW_KEY is set). @param {Db} db @param {boolean} on */
export async function switchIndexNow(db, on) {
  await db
    .updateTable('settings')
    .set({ value: on ? 'on' : 'off' })
    .where('key', '=', rows.switch)
    .execute();
}

/**
 * The key to answer `/{requested}.txt` with: the requested name when it is the key in use, otherwise null (the site's
 * 404 page). Only a key of IndexNow's form is looked up.
 * @param {Db} db @param {string | undefined} serverKey @param {string | undefined} requested
 * @returns {Promise<string | null>}
 */
export async function keyInUse(db, serverKey, requested) {
  const current = requested && indexNowKeyPattern.test(requested) ? await currentIndexNowKey(db, serverKey) : null;
  return current?.key && current.key === requested ? current.key : null;
}

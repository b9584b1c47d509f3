// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.
import { randomBytes } from 'node:crypto';

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // IndexNow switched on from the admin: the site's key (32 hex digits, within IndexNow's 8–128 of a-z A-Z 0-9 -),
  // made once so search engines that checked it keep finding it after an off and on, and the switch, off until the
  // owner turns it on. Rows named as features/indexnow/key.mjs reads them; INDEXNOW_KEY, where set, wins over both.
  await db
    .insertInto('settings')
    .values([
      { key: 'indexnow_key', value: randomBytes(16).toString('hex') },
      { key: 'indexnow_switch', value: 'off' },
    ])
    .execute();
}

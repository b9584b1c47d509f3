// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.
import { randomBytes } from 'node:crypto';

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // Signs session cookies and encrypts two-factor secrets: stable across restarts, shared by every instance.
  await db
    .insertInto('settings')
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .execute();
}

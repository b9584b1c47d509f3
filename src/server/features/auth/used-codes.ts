/**
 * A time-based code is good once (RFC 6238 §5.2): the verifier accepts a code for about 90 s (its 30 s step and one
 * on each side), so without this anyone who saw a code could sign in with it again inside that window. A code is
 * claimed, atomically, before it is checked: of two requests with one code, one gets the claim. Kept in the table the
 * sign-in limits use, under a keyed hash of account and code; the hourly clean-up removes old claims.
 */
import type { Db } from '../../db';

const scope = 'two-factor:used-code';
/** Longer than any code stays valid (three 30-second steps). */
export const usedCodeMemoryMs = 3 * 60_000;

/** True when the code was not used in the last few minutes and is now claimed; false for a replay. */
export async function claimCode(db: Db, key: string, now = Date.now()): Promise<boolean> {
  const inserted = await db
    .insertInto('rate_limit_hits')
    .values({ id: key, scope, client_hash: key, created_at: now })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  // The same code again, long after: a new step happened to give the same six digits.
  const renewed = await db
    .updateTable('rate_limit_hits')
    .set({ created_at: now })
    .where('id', '=', key)
    .where('created_at', '<', now - usedCodeMemoryMs)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) > 0;
}

/** A code that turned out wrong is not spent. */
export async function releaseCode(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('id', '=', key).where('scope', '=', scope).execute();
}

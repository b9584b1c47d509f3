/**
 * Sign-in throttling, kept in the database so it holds across restarts and instances. Failures are counted per client
 * address (a wait once there are too many) and per account (a lock, whoever is trying). Addresses and e-mail addresses
 * are stored only as keyed hashes, in the table the contact form's limit uses.
 */
import { randomUUID } from 'node:crypto';
import { signInLimits } from '~/config/admin';
import type { Db } from '../../db';

const minute = 60_000;
const scopes = { address: 'sign-in:address', account: 'sign-in:account', lock: 'sign-in:lock' } as const;

async function countSince(db: Db, scope: string, key: string, since: number) {
  const row = await db
    .selectFrom('rate_limit_hits')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number>('created_at').as('oldest'), eb.fn.max<number>('created_at').as('newest')])
    .where('scope', '=', scope)
    .where('client_hash', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest), newest: row.newest === null ? null : Number(row.newest) };
}

export interface ThrottleKeys {
  /** Keyed hash of the client address. */
  address: string;
  /** Keyed hash of the lower-cased e-mail address, when known. */
  account?: string;
}

export type ThrottleState = { blocked: false } | { blocked: true; reason: 'address' | 'account'; retryAfterMinutes: number };

/** Whether an attempt may go ahead. An address that failed too often waits; a locked account fails like a wrong password. */
export async function throttleState(db: Db, keys: ThrottleKeys, now = Date.now()): Promise<ThrottleState> {
  const address = await countSince(db, scopes.address, keys.address, now - signInLimits.addressWindowMinutes * minute);
  if (address.count >= signInLimits.addressFailures && address.oldest !== null) {
    const retryAfterMinutes = Math.max(1, Math.ceil((address.oldest + signInLimits.addressWindowMinutes * minute - now) / minute));
    return { blocked: true, reason: 'address', retryAfterMinutes };
  }
  if (keys.account) {
    const lock = await countSince(db, scopes.lock, keys.account, now - signInLimits.lockMinutes * minute);
    if (lock.count > 0 && lock.newest !== null) {
      const retryAfterMinutes = Math.max(1, Math.ceil((lock.newest + signInLimits.lockMinutes * minute - now) / minute));
      return { blocked: true, reason: 'account', retryAfterMinutes };
    }
  }
  return { blocked: false };
}

/** Counts one failure; returns true when it has just locked the account. */
export async function recordFailure(db: Db, keys: ThrottleKeys, now = Date.now()): Promise<boolean> {
  await db.insertInto('rate_limit_hits').values({ id: randomUUID(), scope: scopes.address, client_hash: keys.address, created_at: now }).execute();
  if (!keys.account) return false;
  await db.insertInto('rate_limit_hits').values({ id: randomUUID(), scope: scopes.account, client_hash: keys.account, created_at: now }).execute();
  const failures = await countSince(db, scopes.account, keys.account, now - signInLimits.accountWindowMinutes * minute);
  if (failures.count < signInLimits.accountFailures) return false;
  const lock = await countSince(db, scopes.lock, keys.account, now - signInLimits.lockMinutes * minute);
  if (lock.count > 0) return false;
  await db.insertInto('rate_limit_hits').values({ id: randomUUID(), scope: scopes.lock, client_hash: keys.account, created_at: now }).execute();
  // The failures that caused the lock are spent: after it ends, the account has five tries again.
  await db.deleteFrom('rate_limit_hits').where('scope', '=', scopes.account).where('client_hash', '=', keys.account).execute();
  return true;
}

/** A successful sign-in clears the account's failure count (not the address's, which only time clears). */
export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('scope', '=', scopes.account).where('client_hash', '=', account).execute();
}

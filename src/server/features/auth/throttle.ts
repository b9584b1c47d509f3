/**
 * Sign-in throttling, on the one rate limiter (src/server/platform/rate-limit.ts), so it holds across restarts and
 * instances. Failures are counted per client address (a wait once there are too many) and per account (a lock, whoever
 * is trying). Addresses and e-mail addresses are stored only as keyed hashes.
 */
import { signInLimits } from '~/config/admin';
import type { Db } from '../../db';
import { addHit, clearHits, hitTimes } from '../../platform/rate-limit';

const minute = 60_000;
const scopes = { address: 'sign-in:address', account: 'sign-in:account', lock: 'sign-in:lock' } as const;

async function countSince(db: Db, scope: string, key: string, since: number) {
  const times = await hitTimes(db, scope, key, since);
  return { count: times.length, oldest: times[0] ?? null, newest: times.at(-1) ?? null };
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

export interface FailureOutcome {
  /** True when this failure has just locked the account. */
  locked: boolean;
  /** The account's failures in its window, this one included (the address's when no account is known). */
  failures: number;
  /** Tries left before a pause (the account's lock or the address's wait, whichever comes first), and its length. */
  triesLeft: number;
  pauseMinutes: number;
}

/** Counts one failure; says whether it locked the account and how many tries are left before a pause. */
export async function recordFailure(db: Db, keys: ThrottleKeys, now = Date.now()): Promise<FailureOutcome> {
  await addHit(db, scopes.address, keys.address, now);
  const address = await countSince(db, scopes.address, keys.address, now - signInLimits.addressWindowMinutes * minute);
  const addressLeft = { triesLeft: Math.max(0, signInLimits.addressFailures - address.count), pauseMinutes: signInLimits.addressWindowMinutes };
  if (!keys.account) return { locked: false, failures: address.count, ...addressLeft };
  await addHit(db, scopes.account, keys.account, now);
  const failures = await countSince(db, scopes.account, keys.account, now - signInLimits.accountWindowMinutes * minute);
  const accountLeft = { triesLeft: Math.max(0, signInLimits.accountFailures - failures.count), pauseMinutes: signInLimits.lockMinutes };
  const nearest = accountLeft.triesLeft <= addressLeft.triesLeft ? accountLeft : addressLeft;
  if (failures.count < signInLimits.accountFailures) return { locked: false, failures: failures.count, ...nearest };
  const lock = await countSince(db, scopes.lock, keys.account, now - signInLimits.lockMinutes * minute);
  if (lock.count > 0) return { locked: false, failures: failures.count, ...nearest };
  await addHit(db, scopes.lock, keys.account, now);
  // The failures that caused the lock are spent: after it ends, the account has five tries again.
  await clearHits(db, scopes.account, keys.account);
  return { locked: true, failures: failures.count, ...accountLeft };
}

/** A successful sign-in clears the account's failure count (not the address's, which only time clears). */
export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await clearHits(db, scopes.account, account);
}

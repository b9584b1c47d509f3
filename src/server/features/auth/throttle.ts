/**
 * Sign-in throttling, on the one limiter (src/server/platform/limit.ts), so it holds across restarts and instances.
 * Failures are counted per client address (a wait once there are too many) and per account (a lock, whoever is
 * trying). Addresses and e-mail addresses are stored only as keyed hashes.
 */
import { signInLimits } from '~/config/admin';
import type { Db } from '../../db';
import { countHit, forgetHits, limit, type LimitWindow, minutesOf, peekLimit } from '../../platform/limit';

const minute = 60_000;
/** The sign-in's windows: failures per address, failures per account, and the account's lock (one hit while it lasts). */
export const signInWindows = {
  address: { scope: 'sign-in:address', windowMs: signInLimits.addressWindowMinutes * minute },
  account: { scope: 'sign-in:account', windowMs: signInLimits.accountWindowMinutes * minute },
  lock: { scope: 'sign-in:lock', windowMs: signInLimits.lockMinutes * minute },
} satisfies Record<string, LimitWindow>;
const limits = {
  address: (key: string, now: number) => ({ ...signInWindows.address, key, max: signInLimits.addressFailures, now }),
  account: (key: string, now: number) => ({ ...signInWindows.account, key, max: signInLimits.accountFailures, now }),
  lock: (key: string, now: number) => ({ ...signInWindows.lock, key, max: 1, now }),
};

export interface ThrottleKeys {
  /** Keyed hash of the client address. */
  address: string;
  /** Keyed hash of the lower-cased e-mail address, when known. */
  account?: string;
}

export type ThrottleState = { blocked: false } | { blocked: true; reason: 'address' | 'account'; retryAfterMinutes: number };

/** Whether an attempt may go ahead. An address that failed too often waits; a locked account fails like a wrong password. */
export async function throttleState(db: Db, keys: ThrottleKeys, now = Date.now()): Promise<ThrottleState> {
  const address = await peekLimit(db, limits.address(keys.address, now));
  if (!address.allowed) return { blocked: true, reason: 'address', retryAfterMinutes: minutesOf(address.retryAfterSeconds) };
  if (keys.account) {
    const lock = await peekLimit(db, limits.lock(keys.account, now));
    if (!lock.allowed) return { blocked: true, reason: 'account', retryAfterMinutes: minutesOf(lock.retryAfterSeconds) };
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
  const address = await countHit(db, limits.address(keys.address, now));
  const addressLeft = { triesLeft: address.remaining, pauseMinutes: signInLimits.addressWindowMinutes };
  if (!keys.account) return { locked: false, failures: address.count, ...addressLeft };
  const failures = await countHit(db, limits.account(keys.account, now));
  const accountLeft = { triesLeft: failures.remaining, pauseMinutes: signInLimits.lockMinutes };
  const nearest = accountLeft.triesLeft <= addressLeft.triesLeft ? accountLeft : addressLeft;
  if (failures.count < signInLimits.accountFailures) return { locked: false, failures: failures.count, ...nearest };
  // The lock is a limit of one: already locked (failures counted meanwhile), it is not taken again.
  if (!(await limit(db, limits.lock(keys.account, now))).allowed) return { locked: false, failures: failures.count, ...nearest };
  // The failures that caused the lock are spent: after it ends, the account has five tries again.
  await forgetHits(db, signInWindows.account.scope, keys.account);
  return { locked: true, failures: failures.count, ...accountLeft };
}

/** A successful sign-in clears the account's failure count (not the address's, which only time clears). */
export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await forgetHits(db, signInWindows.account.scope, account);
}

/**
 * The one limiter: sliding windows over the `rate_limit_hits` table, so every limit holds across restarts and
 * instances. A hit is a row (scope, key, time); a limit counts the hits of one key in its scope's window. One call,
 * `limit(db, { scope, key, max, windowMs })`, takes a place or says how long until one is free; the counting and the
 * retry-after maths live here and nowhere else.
 *
 * Each feature declares the windows of its scopes (a `LimitWindow`: contact in contact/leads.ts, sign-in in
 * auth/throttle.ts, …); the clean-up keeps each scope's hits for its own window (`deleteExpiredHits`, handed the
 * registry in features/limits.ts). Its in-memory twin, for per-process caps that need no database, is
 * `createMemoryLimiter` (memory-limit.mjs, plain JavaScript: the HTTP front uses it outside Astro's bundle).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';

export { createMemoryLimiter } from './memory-limit.mjs';

/** A scope and its window, declared by the feature that owns it. */
export interface LimitWindow {
  scope: string;
  windowMs: number;
}

/** One limit on one key: at most `max` hits in any `windowMs`. */
export interface Limit extends LimitWindow {
  /** Who is counted: a keyed hash of an address, an account id, … (never the plain value). */
  key: string;
  max: number;
  now?: number;
}

/** Refused: the seconds until a place is free (at least 1, for Retry-After), and that moment itself. */
export interface LimitRefusal {
  allowed: false;
  retryAfterSeconds: number;
  freeAt: number;
}

/** Taken: the places left after this one, and the hit, so a request refused later can give it back (`giveBack`). */
export type LimitDecision = { allowed: true; remaining: number; hit: string } | LimitRefusal;
/** A look that takes nothing. */
export type LimitState = { allowed: true; remaining: number } | LimitRefusal;

async function hitsInWindow(db: Db, { scope, key, windowMs }: Limit, now: number) {
  return db
    .selectFrom('rate_limit_hits')
    .select(['id', 'created_at'])
    .where('scope', '=', scope)
    .where('client_hash', '=', key)
    .where('created_at', '>', now - windowMs)
    .orderBy('created_at', 'asc')
    .execute();
}

/**
 * The answer for `times` (the hits that count, oldest first) against `max`: a place is free once enough of them have
 * left the window that fewer than `max` remain, i.e. when the hit at `length - max` leaves it.
 */
export function decide(times: readonly number[], max: number, windowMs: number, now: number): LimitState {
  if (times.length < max) return { allowed: true, remaining: max - times.length };
  // A limit of none (max 0) is never free; its answer is the window.
  const freeAt = (max > 0 ? times[times.length - max]! : now) + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)), freeAt };
}

/** Whole minutes for a message ("try again in 7 minutes"), from a refusal's seconds: at least 1. */
export function minutesOf(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/**
 * Takes one place in the key's window, or says how long until one is free. The hit is written before counting and
 * taken back when over, so two requests at once cannot both slip under the limit (in one instance or several).
 */
export async function limit(db: Db, call: Limit): Promise<LimitDecision> {
  const now = call.now ?? Date.now();
  const hit = randomUUID();
  await db.insertInto('rate_limit_hits').values({ id: hit, scope: call.scope, client_hash: call.key, created_at: now }).execute();
  const rows = await hitsInWindow(db, call, now);
  if (rows.length <= call.max) return { allowed: true, remaining: call.max - rows.length, hit };
  await giveBack(db, hit);
  const others = rows.filter((row) => row.id !== hit).map((row) => Number(row.created_at));
  return decide(others, call.max, call.windowMs, now) as LimitRefusal;
}

/** Whether the key has a place now, taking nothing (a cheap look before the work, or a status to show). */
export async function peekLimit(db: Db, call: Limit): Promise<LimitState> {
  const now = call.now ?? Date.now();
  const rows = await hitsInWindow(db, call, now);
  return decide(
    rows.map((row) => Number(row.created_at)),
    call.max,
    call.windowMs,
    now,
  );
}

/** Counts one hit whatever the count (a failure happened, allowed or not): the hits in the window now, and what is left. */
export async function countHit(db: Db, call: Limit): Promise<{ count: number; remaining: number }> {
  const now = call.now ?? Date.now();
  await db.insertInto('rate_limit_hits').values({ id: randomUUID(), scope: call.scope, client_hash: call.key, created_at: now }).execute();
  const count = (await hitsInWindow(db, call, now)).length;
  return { count, remaining: Math.max(0, call.max - count) };
}

/** Gives back a place taken for a request that was then refused or failed. */
export async function giveBack(db: Db, hit: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('id', '=', hit).execute();
}

/** Forgets every hit of one key in a scope (a successful sign-in clears the account's failures). */
export async function forgetHits(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('scope', '=', scope).where('client_hash', '=', key).execute();
}

const claimId = (scope: string, key: string) => `${scope}:${key}`;

/**
 * A limit of one that is claimed atomically: true when the key was not claimed in the window and now is, false
 * otherwise. Of two requests with one key at once exactly one gets it (the row's id is the claim), where `limit`
 * would refuse both.
 */
export async function claimOnce(db: Db, { scope, key, windowMs, now = Date.now() }: Omit<Limit, 'max'>): Promise<boolean> {
  const id = claimId(scope, key);
  const inserted = await db
    .insertInto('rate_limit_hits')
    .values({ id, scope, client_hash: key, created_at: now })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  // Claimed before, but the window has passed since: claimed again.
  const renewed = await db
    .updateTable('rate_limit_hits')
    .set({ created_at: now })
    .where('id', '=', id)
    .where('created_at', '<', now - windowMs)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) > 0;
}

/** Gives a claim back (what it guarded did not happen). */
export async function releaseClaim(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('id', '=', claimId(scope, key)).execute();
}

/**
 * The clean-up: each scope's hits once they are older than its own window; a scope no feature declared, after the
 * longest declared window (so a forgotten declaration never hands places out again early).
 */
export async function deleteExpiredHits(db: Db, windows: readonly LimitWindow[], now = Date.now()): Promise<void> {
  const longest = Math.max(0, ...windows.map((w) => w.windowMs));
  for (const { scope, windowMs } of windows) {
    await db
      .deleteFrom('rate_limit_hits')
      .where('scope', '=', scope)
      .where('created_at', '<', now - windowMs)
      .execute();
  }
  const declared = windows.map((w) => w.scope);
  await db
    .deleteFrom('rate_limit_hits')
    .where('created_at', '<', now - longest)
    .$if(declared.length > 0, (q) => q.where('scope', 'not in', declared))
    .execute();
}

/**
 * The one rate limiter: sliding windows over the `rate_limit_hits` table, so every limit holds across restarts and
 * instances. A hit is a row (scope, keyed hash of who, time); a limit counts the hits of one key in its window. Used by
 * the contact form (per address), sign-in (per address and per account, and the account lock) and the AI generator
 * (per account and hour). The hourly clean-up deletes hits older than the longest window (`longestHitWindowMs`).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';

/** The times of one key's hits in a scope since `since`, oldest first. */
export async function hitTimes(db: Db, scope: string, key: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('rate_limit_hits')
    .select('created_at')
    .where('scope', '=', scope)
    .where('client_hash', '=', key)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((row) => Number(row.created_at));
}

/** Records one hit; returns its id, so a hit taken for a request that is then refused can be taken back. */
export async function addHit(db: Db, scope: string, key: string, now: number): Promise<string> {
  const id = randomUUID();
  await db.insertInto('rate_limit_hits').values({ id, scope, client_hash: key, created_at: now }).execute();
  return id;
}

export async function removeHit(db: Db, id: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('id', '=', id).execute();
}

/** Forgets every hit of one key in a scope (a successful sign-in clears the account's failures). */
export async function clearHits(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('scope', '=', scope).where('client_hash', '=', key).execute();
}

/** When the hit at `from` leaves a window of `windowMs`: how long until a place is free. */
export function msUntilFree(from: number, windowMs: number, now: number): number {
  return Math.max(0, from + windowMs - now);
}

/** The clean-up: hits older than every window that could still count them. */
export async function deleteHitsOlderThan(db: Db, cutoff: number): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('created_at', '<', cutoff).execute();
}

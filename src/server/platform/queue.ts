/**
 * The one durable queue: a message is a row written in the same transaction as what it reports, then delivered by a
 * worker with retries and exponential backoff. Each channel (the outbox's e-mail, the watch's webhook calls) keeps its
 * own table with the queue's columns and says how one row is delivered; claiming, the lease and the backoff are here,
 * once. A row is claimed under a lease just before it is sent, so several app instances (or a restart mid-send) never
 * deliver it twice in normal operation.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import type { QueueColumns } from '../db/schema-queue';

/** The tables that are queues: those with every queue column. */
export type QueueTable = { [T in keyof Database]: Database[T] extends QueueColumns ? T : never }[keyof Database];

export interface QueueTiming {
  baseDelayMs: number;
  maxDelayMs: number;
  leaseMs: number;
}

/** How one channel delivers one of its rows: resolves when delivered, throws to have it tried again later. */
export interface Channel<T extends QueueTable> {
  table: T;
  deliver(row: Database[T]): Promise<void>;
}

/** A refusal that names when to try again (a receiver's Retry-After); still capped by the queue's longest delay. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly waitMs: number | null,
  ) {
    super(message);
  }
}

/** Delay before attempt n+1 after n failures: base · 2^(n-1), capped. Retries never stop: a message is never dropped. */
export function backoffMs(failedAttempts: number, timing: Pick<QueueTiming, 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.min(timing.maxDelayMs, timing.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1));
}

/** The queue columns of a new row: due at once, or not before `notBefore` (held through quiet hours). */
export function queuedRow(now: number, notBefore = 0) {
  return {
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: Math.max(now, notBefore),
    locked_until: 0,
    last_error: null,
    created_at: now,
    sent_at: null,
  };
}

/**
 * A queue table seen through its queue columns only (each has them: `QueueTable`), under one name so Kysely types
 * one query rather than a union of them.
 */
const queueView = (db: Db, table: QueueTable) => ({ queue: db as unknown as Kysely<{ queue: QueueColumns }>, table: table as unknown as 'queue' });

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/**
 * Sends every row of the channel due at `now` once; a failure is rescheduled. Time is the given `now` moved on by the
 * time the pass has taken, so a test can deliver at any hour without sleeping, and a slow pass still stamps real times.
 */
export async function deliverQueue<T extends QueueTable>(
  db: Db,
  channel: Channel<T>,
  timing: QueueTiming,
  now = Date.now(),
  batch = 20,
): Promise<DeliveryReport> {
  const started = Date.now();
  const clock = () => now + (Date.now() - started);
  const { queue, table } = queueView(db, channel.table);
  const report: DeliveryReport = { sent: 0, failed: 0 };
  const due = await queue
    .selectFrom(table)
    .select(['id', 'locked_until'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where('locked_until', '<=', now)
    .orderBy('created_at')
    .limit(batch)
    .execute();
  for (const candidate of due) {
    // Claimed one at a time, just before it is sent, on the lock it was read with: a row another instance took
    // meanwhile (sent, or failed and put off) is skipped, and a long batch never outlasts the lease of the row being sent.
    const claimed = (await queue
      .updateTable(table)
      .set({ locked_until: clock() + timing.leaseMs })
      .where('id', '=', candidate.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where('locked_until', '=', candidate.locked_until)
      .returningAll()
      .executeTakeFirst()) as (QueueColumns & Database[T]) | undefined;
    if (!claimed) continue;
    const attempts = claimed.attempts + 1;
    try {
      await channel.deliver(claimed);
      await queue
        .updateTable(table)
        .set({ status: 'sent', sent_at: clock(), attempts, last_error: null, locked_until: 0 })
        .where('id', '=', claimed.id)
        .execute();
      report.sent++;
    } catch (error) {
      const wait = error instanceof RetryLater && error.waitMs !== null ? error.waitMs : backoffMs(attempts, timing);
      await queue
        .updateTable(table)
        .set({
          attempts,
          next_attempt_at: clock() + Math.min(timing.maxDelayMs, wait),
          locked_until: 0,
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        })
        .where('id', '=', claimed.id)
        .execute();
      report.failed++;
    }
  }
  return report;
}

export async function pendingIn(db: Db, table: QueueTable): Promise<number> {
  const view = queueView(db, table);
  const { count } = await view.queue
    .selectFrom(view.table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(count);
}

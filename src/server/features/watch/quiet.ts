/**
 * Quiet hours (UK time): set by the owner in the admin (kept in `settings`), or by WATCH_QUIET_HOURS, which wins. While
 * they are on, a message that is not urgent waits for their end. Read at each alert, not at start, so hours set in one
 * process count in every process on the database at once.
 */
import { analyticsRules } from '~/config/analytics';
import { clockOfMinute, parseQuietHours, type QuietHours, quietHoursPattern, quietHoursText } from '~/config/quiet-hours.mjs';
import { watchQuietHours } from '~/config/watch';
import type { WatchQuietHours } from '~/lib/watch-types';
import { HttpError } from '../../api/http-error';
import type { Db } from '../../db';

export type { QuietHours };

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: analyticsRules.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The minute of the day in the business's time zone. */
export function minuteOfDay(at: number): number {
  const [h = 0, m = 0] = clock.format(at).split(':').map(Number);
  return h * 60 + m;
}

/** When a message that is not urgent may go: `now` outside quiet hours, their end inside them. */
export function heldUntil(now: number, quiet: QuietHours | undefined): number {
  if (!quiet || quiet.fromMinute === quiet.toMinute) return now;
  const minute = minuteOfDay(now);
  const inside =
    quiet.fromMinute < quiet.toMinute ? minute >= quiet.fromMinute && minute < quiet.toMinute : minute >= quiet.fromMinute || minute < quiet.toMinute;
  if (!inside) return now;
  const minutesLeft = (quiet.toMinute - minute + 24 * 60) % (24 * 60);
  // To the start of the minute they end in.
  return now - (now % 60_000) + minutesLeft * 60_000;
}

/** The hours the owner set in the admin, if any (a value of another form, never written by this code, is none). */
export async function storedQuietHours(db: Pick<Db, 'selectFrom'>): Promise<QuietHours | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', watchQuietHours.settingKey).executeTakeFirst();
  return row && quietHoursPattern.test(row.value) ? parseQuietHours(row.value) : undefined;
}

/** The hours in force: the server's (WATCH_QUIET_HOURS) where set, otherwise the admin's. */
export async function quietHoursInForce(db: Pick<Db, 'selectFrom'>, server: QuietHours | undefined): Promise<QuietHours | undefined> {
  return server ?? (await storedQuietHours(db));
}

/** What the admin shows: the hours in force as clock times, and who set them. */
export async function quietHoursView(db: Db, server: QuietHours | undefined): Promise<WatchQuietHours> {
  const hours = server ?? (await storedQuietHours(db));
  if (!hours) return { from: null, to: null, source: null };
  return { from: clockOfMinute(hours.fromMinute), to: clockOfMinute(hours.toMinute), source: server ? 'server' : 'admin' };
}

/**
 * Moves the alert messages quiet hours hold to the hours now in force: at once when they are cleared or `now` is
 * outside them, at their end otherwise. Messages that failed once keep their retry time.
 */
export async function retimeHeld(db: Pick<Db, 'updateTable'>, hours: QuietHours | undefined, now: number): Promise<void> {
  const at = heldUntil(now, hours);
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: at })
    .where('kind', '=', 'watch_alert')
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where('next_attempt_at', '>', now)
    .execute();
  await db
    .updateTable('watch_webhooks')
    .set({ next_attempt_at: at })
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where('next_attempt_at', '>', now)
    .execute();
}

/**
 * The owner sets (or, with null, clears) the quiet hours; refused while WATCH_QUIET_HOURS is set (it wins). What the
 * old hours held is moved to the new ones (cleared: sent at once), in the same transaction.
 */
export async function setQuietHours(db: Db, server: QuietHours | undefined, hours: QuietHours | null, now = Date.now()): Promise<WatchQuietHours> {
  if (server) {
    const text = quietHoursText(server);
    throw new HttpError(409, watchQuietHours.server(text.slice(0, 5), text.slice(6)));
  }
  await db.transaction().execute(async (trx) => {
    if (hours === null) await trx.deleteFrom('settings').where('key', '=', watchQuietHours.settingKey).execute();
    else {
      const value = quietHoursText(hours);
      await trx
        .insertInto('settings')
        .values({ key: watchQuietHours.settingKey, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }
    await retimeHeld(trx, hours ?? undefined, now);
  });
  return quietHoursView(db, server);
}

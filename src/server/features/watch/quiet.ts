/** Quiet hours (WATCH_QUIET_HOURS, UK time): when they are on, the moment they end; otherwise now. */
import { analyticsRules } from '~/config/analytics';

export interface QuietHours {
  fromMinute: number;
  toMinute: number;
}

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

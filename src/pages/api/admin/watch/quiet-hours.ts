import { minuteOfClock } from '~/config/quiet-hours.mjs';
import { quietHoursForm } from '~/lib/watch-forms';
import type { WatchQuietHoursAnswer } from '~/lib/watch-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { setQuietHours } from '~/server/features/watch/quiet';

export const prerender = false;

/** Sets the quiet hours (UK time); refused while WATCH_QUIET_HOURS is set, which wins. */
export const POST = route({ body: quietHoursForm, admin: true }, async ({ body, settings, runtime }) => {
  const hours = { fromMinute: minuteOfClock(body.from), toMinute: minuteOfClock(body.to) };
  const quietHours = await setQuietHours(runtime.db, settings.watch.quietHours, hours);
  // What the old hours held and the new ones do not goes now.
  runtime.watch.deliverNow();
  return ok({ ok: true, quietHours } satisfies WatchQuietHoursAnswer);
});

/** Clears them: every alert is sent at once again, those they held included. */
export const DELETE = route({ admin: true }, async ({ settings, runtime }) => {
  const quietHours = await setQuietHours(runtime.db, settings.watch.quietHours, null);
  runtime.watch.deliverNow();
  return ok({ ok: true, quietHours } satisfies WatchQuietHoursAnswer);
});

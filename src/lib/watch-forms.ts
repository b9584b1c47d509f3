/** The admin's quiet hours form (Sites tab), checked with zod in the browser and by the endpoint alike. */
import { z } from 'zod';
import { clockTimePattern } from '~/config/quiet-hours.mjs';
import { watchAlertHandling, watchQuietHours } from '~/config/watch';

const clockTime = (what: string) => z.string().trim().regex(clockTimePattern, `Enter the time ${what} as hours and minutes, such as 22:00.`);

export const quietHoursForm = z
  .object({ from: clockTime('they start'), to: clockTime('they end') })
  .refine((hours) => hours.from !== hours.to, { message: watchQuietHours.sameTimes, path: ['to'] });
export type QuietHoursInput = z.input<typeof quietHoursForm>;

/** Acknowledging or muting one open alert, with a note; `none` sets it back (reminders and messages as usual). */
export const alertHandlingForm = z.object({
  state: z.enum(['acknowledged', 'muted', 'none'], { error: 'Choose acknowledge, mute or undo.' }),
  note: z
    .string()
    .trim()
    .max(watchAlertHandling.noteMax, `Keep the note to ${watchAlertHandling.noteMax} characters.`)
    .optional()
    .transform((value) => value || null),
});
export type AlertHandlingInput = z.input<typeof alertHandlingForm>;

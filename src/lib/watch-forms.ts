/** The admin's quiet hours form (Sites tab), checked with zod in the browser and by the endpoint alike. */
import { z } from 'zod';
import { clockTimePattern } from '~/config/quiet-hours.mjs';
import { watchQuietHours } from '~/config/watch';

const clockTime = (what: string) => z.string().trim().regex(clockTimePattern, `Enter the time ${what} as hours and minutes, such as 22:00.`);

export const quietHoursForm = z
  .object({ from: clockTime('they start'), to: clockTime('they end') })
  .refine((hours) => hours.from !== hours.to, { message: watchQuietHours.sameTimes, path: ['to'] });
export type QuietHoursInput = z.input<typeof quietHoursForm>;

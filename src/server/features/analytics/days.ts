/** Calendar days in the business's time zone, as 'YYYY-MM-DD' strings (they sort and compare as dates). */
import { analyticsRules } from '~/config/analytics';
import { isoDay } from '~/lib/format';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: analyticsRules.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

export const dayOf = (at: number): string => dayFormat.format(at);

/** The day `offset` days after `day` (negative: before). Calendar arithmetic, so clock changes do not matter. */
export function addDays(day: string, offset: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return isoDay(date);
}

/** `count` consecutive days ending with `last`, oldest first. */
export function daysEnding(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(last, i - count + 1));
}

// @ts-check
// Calendar days as 'YYYY-MM-DD' strings (they sort and compare as dates) and months as 'YYYY-MM': the one place days
// are worked out, for the server, the search sync (plain JavaScript, run outside the bundle) and the browser alike.
// A day is the business's (UK time) unless a name says UTC; the zone's rules come from Intl, never a hand-made
// summer-time rule, so a day's start is right on both sides of the clock changes.
import { ukTimeZone } from '../config/time-zone.mjs';

/** A day in milliseconds (of elapsed time: a UK calendar day is 23 or 25 hours on the days the clocks change). */
export const dayMs = 86_400_000;

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: ukTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: ukTimeZone,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** Noon UTC of a day: calendar arithmetic from there never crosses into another day. @param {string} day */
const noon = (day) => new Date(`${day}T12:00:00Z`);
/** @param {Date} date */
const isoOf = (date) => date.toISOString().slice(0, 10);

/** The UK day a moment falls in. @param {number} at */
export const dayOf = (at) => dayFormat.format(at);

/** The UTC day a moment falls in (Search Console's exports and the search sources' own days). @param {number} at */
export const utcDayOf = (at) => isoOf(new Date(at));

/** The UK month a moment falls in ('2026-07'). @param {number} at */
export const monthOf = (at) => dayOf(at).slice(0, 7);

/** Whether `day` is a real 'YYYY-MM-DD' day (not '2026-02-30'). @param {string} day */
export const isDay = (day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T12:00:00Z`)) && addDays(day, 0) === day;

/** The day `offset` days after `day` (negative: before). Calendar arithmetic, so clock changes do not matter. @param {string} day @param {number} offset */
export function addDays(day, offset) {
  const date = noon(day);
  date.setUTCDate(date.getUTCDate() + offset);
  return isoOf(date);
}

/** Days from `from` to `to`, both included. @param {string} from @param {string} to */
export const daysBetween = (from, to) => Math.round((noon(to).getTime() - noon(from).getTime()) / dayMs) + 1;

/** `count` consecutive days ending with `last`, oldest first. @param {string} last @param {number} count */
export const daysEnding = (last, count) => Array.from({ length: count }, (_, i) => addDays(last, i - count + 1));

/** The month before `month` ('2026-01' → '2025-12'); `by` months back (negative: ahead). @param {string} month */
export function monthBefore(month, by = 1) {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) - by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The last day of a month ('2024-02' → '2024-02-29'). @param {string} month */
export const lastDayOfMonth = (month) => addDays(`${monthBefore(month, -1)}-01`, -1);

/** The day `months` calendar months before `day` (clamped to the month's end). @param {string} day @param {number} months */
export function monthsBefore(day, months) {
  const month = monthBefore(day.slice(0, 7), months);
  const last = lastDayOfMonth(month);
  const clamped = `${month}-${day.slice(8, 10)}`;
  return clamped > last ? last : clamped;
}

/** How far UK clocks are ahead of UTC at a moment, in milliseconds (0 in winter, an hour in summer). @param {number} at */
function ukOffsetMs(at) {
  const part = Object.fromEntries(wallClock.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  const asUtc = Date.UTC(part.year ?? 0, (part.month ?? 1) - 1, part.day ?? 1, part.hour ?? 0, part.minute ?? 0, part.second ?? 0);
  return asUtc - (at - (((at % 1000) + 1000) % 1000));
}

/** When a UK day begins (midnight UK time: 23:00 UTC the day before in summer, 00:00 in winter). @param {string} day */
export function dayStart(day) {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const guess = utcMidnight - ukOffsetMs(utcMidnight);
  // The offset at midnight itself, in case the guess fell on the other side of a clock change.
  return utcMidnight - ukOffsetMs(guess);
}

/** When a UK day ends: the start of the day after (exclusive). @param {string} day */
export const dayEnd = (day) => dayStart(addDays(day, 1));

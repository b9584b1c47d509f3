import { ownerTimeZone } from '~/config/admin';

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '21 November 2026' */
export function formatDate(date: Date): string {
  return longDate.format(date);
}

/** '2026-11-25' → '25 November 2026'. */
export const formatIsoDay = (day: string) => formatDate(new Date(`${day}T12:00:00Z`));

const wholeNumber = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const shortDayOfYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: ownerTimeZone });

/** '1,204' */
export const formatCount = (value: number) => wholeNumber.format(value);
/** A ratio as a percentage: '12.5%'. */
export const formatPercent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
/** An average search position: '9.4'. */
export const formatPosition = (position: number) => position.toFixed(1);
/** '1,240 ms' */
export const formatMs = (ms: number) => `${wholeNumber.format(Math.round(ms))} ms`;
/** The UK day of an instant: '25 Nov 2026'. */
export const formatDay = (at: number) => shortDayOfYear.format(new Date(at));

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const exactTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: ownerTimeZone });
const sortableLocal = new Intl.DateTimeFormat('en-GB', {
  timeZone: ownerTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** '2026-07-01 15:05:09 BST': the owner's local time as spreadsheets sort it, with the zone it is in. */
export function spreadsheetLocalTime(ms: number): string {
  const part = Object.fromEntries(sortableLocal.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second} ${part.timeZoneName}`;
}

/** '22 Nov 2026, 14:05' in UK time: the owner's clock. */
export function formatExact(ms: number): string {
  return exactTime.format(new Date(ms));
}

/** '5 minutes ago', 'in 2 hours', 'just now', measured from `now` (passed in, so server and browser agree). */
export function formatRelative(ms: number, now: number): string {
  const seconds = Math.round((ms - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['minute', 60],
    ['hour', 3600],
    ['day', 86_400],
    ['month', 2_592_000],
    ['year', 31_536_000],
  ];
  let chosen = units[0]!;
  for (const unit of units) if (abs >= unit[1]) chosen = unit;
  return new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' }).format(Math.round(seconds / chosen[1]), chosen[0]);
}

const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '23 Nov', for a calendar day given as 'YYYY-MM-DD'. */
export function formatShortDay(day: string): string {
  return shortDay.format(new Date(`${day}T12:00:00Z`));
}

const dayAndClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: ownerTimeZone,
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as the owner's clock reads it, with its day: "3 Nov, 14:05" (UK time). */
export function formatDayAndClock(ms: number): string {
  return dayAndClock.format(ms);
}

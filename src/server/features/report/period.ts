/** A report's period: a calendar month (UK time), or any span of days asked for on demand, and what it is compared with. */
import { reportLimits } from '~/config/report';
import type { ReportPeriod } from '~/lib/report-types';
import { addDays, dayOf, daysBetween, isDay, lastDayOfMonth, monthBefore, monthOf } from '~/lib/days.mjs';

const monthLabel = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

// sources.ts (being changed by another branch) still imports it from here.
export { monthBefore } from '~/lib/days.mjs';

/** The month a schedule run at `now` reports on: the one before the current month, UK time. */
export const lastMonthOf = (now: number) => monthBefore(monthOf(now));

export const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function monthPeriod(month: string): ReportPeriod {
  const from = `${month}-01`;
  const to = lastDayOfMonth(month);
  return { month, from, to, label: monthLabel.format(new Date(`${from}T12:00:00Z`)) };
}

export function dayPeriod(from: string, to: string): ReportPeriod {
  const label =
    from === to
      ? dayLabel.format(new Date(`${from}T12:00:00Z`))
      : `${dayLabel.format(new Date(`${from}T12:00:00Z`))} to ${dayLabel.format(new Date(`${to}T12:00:00Z`))}`;
  return { month: null, from, to, label };
}

/** A valid month, not after the current one; else null. */
export function readMonth(value: string, now = Date.now()): string | null {
  return monthPattern.test(value) && value >= `${reportLimits.earliestYear}-01` && value <= monthOf(now) ? value : null;
}

/** A valid span of days, in order, within the limit; else null. */
export function readDays(from: string, to: string): ReportPeriod | null {
  if (!isDay(from) || !isDay(to) || from < `${reportLimits.earliestYear}-01-01` || from > to || daysBetween(from, to) > reportLimits.maxPeriodDays) return null;
  return dayPeriod(from, to);
}

type Days = { from: string; to: string };

/** The same days a year earlier (29 February is the 28th). */
const yearBack = (day: string) => `${Number(day.slice(0, 4)) - 1}${day.slice(4) === '-02-29' ? '-02-28' : day.slice(4)}`;

/**
 * What a period is compared with: the month before and the same month a year earlier (or, for any span, the span just
 * before it and the same days a year earlier). When its data runs only `through` a day before its end (a month in
 * progress; Google's lag of 2–3 days), like with like: the same number of days from the start of each.
 */
export function comparisons(period: ReportPeriod, through: string = period.to): { previous: Days; lastYear: Days } {
  const to = through < period.to ? through : period.to;
  const days = daysBetween(period.from, to);
  if (period.month) {
    const first = (month: string): Days => {
      const whole = monthPeriod(month);
      const end = to === period.to ? whole.to : addDays(whole.from, days - 1);
      return { from: whole.from, to: end < whole.to ? end : whole.to };
    };
    return { previous: first(monthBefore(period.month)), lastYear: first(monthBefore(period.month, 12)) };
  }
  const span = daysBetween(period.from, period.to);
  return {
    previous: { from: addDays(period.from, -span), to: addDays(period.from, -span + days - 1) },
    lastYear: { from: yearBack(period.from), to: yearBack(to) },
  };
}

/** The days a section covers and its comparisons cover, when its data ends before the period does; else null. */
export function coveredDays(period: ReportPeriod, through: string | null): { to: string; previous: Days; lastYear: Days } | null {
  if (through === null || through >= period.to) return null;
  return { to: through, ...comparisons(period, through) };
}

/** The last day a period can have data on: its end, or today when it ends later (a month in progress). */
export const lastDayOfData = (period: ReportPeriod, now: number) => (dayOf(now) < period.to ? dayOf(now) : period.to);

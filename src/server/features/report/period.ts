/** A report's period: a calendar month (UK time), or any span of days asked for on demand, and what it is compared with. */
import { reportLimits } from '~/config/report';
import type { ReportPeriod } from '~/lib/report-types';
import { addDays, dayOf } from '../analytics';

const monthLabel = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month before `month` ('2026-01' → '2025-12'); `by` months back. */
export function monthBefore(month: string, by = 1): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) - by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month a moment falls in, in UK time. */
export const monthOf = (at: number) => dayOf(at).slice(0, 7);

export function monthPeriod(month: string): ReportPeriod {
  const from = `${month}-01`;
  const to = addDays(`${monthBefore(month, -1)}-01`, -1);
  return { month, from, to, label: monthLabel.format(new Date(`${from}T12:00:00Z`)) };
}

export function dayPeriod(from: string, to: string): ReportPeriod {
  const label =
    from === to
      ? dayLabel.format(new Date(`${from}T12:00:00Z`))
      : `${dayLabel.format(new Date(`${from}T12:00:00Z`))} to ${dayLabel.format(new Date(`${to}T12:00:00Z`))}`;
  return { month: null, from, to, label };
}

/** Days from `from` to `to`, both included. */
export const spanOf = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;

/** A valid month, not after the current one; else null. */
export function readMonth(value: string, now = Date.now()): string | null {
  return monthPattern.test(value) && value >= `${reportLimits.earliestYear}-01` && value <= monthOf(now) ? value : null;
}

/** A valid span of days, in order, within the limit; else null. */
export function readDays(from: string, to: string): ReportPeriod | null {
  const valid = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T12:00:00Z`)) && addDays(day, 0) === day;
  if (!valid(from) || !valid(to) || from < `${reportLimits.earliestYear}-01-01` || from > to || spanOf(from, to) > reportLimits.maxPeriodDays) return null;
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
  const days = spanOf(period.from, to);
  if (period.month) {
    const first = (month: string): Days => {
      const whole = monthPeriod(month);
      const end = to === period.to ? whole.to : addDays(whole.from, days - 1);
      return { from: whole.from, to: end < whole.to ? end : whole.to };
    };
    return { previous: first(monthBefore(period.month)), lastYear: first(monthBefore(period.month, 12)) };
  }
  const span = spanOf(period.from, period.to);
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

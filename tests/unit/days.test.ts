/**
 * The one days module (src/lib/days.mjs): UK days and their instants around the clock changes, checked against
 * instants worked out here without Intl (the clocks change at 01:00 UTC on the last Sunday of March and of October),
 * and the Reports tab's default month agreeing with the server's schedule in the first hour of a summer month.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MakeReport } from '../../src/components/admin/reports/MakeReport';
import {
  addDays,
  dayEnd,
  dayOf,
  daysBetween,
  daysEnding,
  dayStart,
  isDay,
  lastDayOfMonth,
  monthBefore,
  monthOf,
  monthsBefore,
  utcDayOf,
} from '../../src/lib/days.mjs';
import { lastMonthOf } from '../../src/server/features/report/period';

const hour = 3_600_000;

/** The last Sunday of a month (0-based), as a UTC midnight, by plain arithmetic. */
function lastSunday(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay());
}
const dayText = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);

describe('UK days around the clock changes', () => {
  for (const year of [2024, 2025, 2026, 2027, 2028, 2030]) {
    const spring = lastSunday(year, 2);
    const autumn = lastSunday(year, 9);

    it(`${year}: the spring day is 23 hours, from midnight GMT; the next begins at 23:00 UTC`, () => {
      const day = dayText(spring);
      expect(dayStart(day)).toBe(spring);
      expect(dayEnd(day)).toBe(spring + 23 * hour);
      expect(dayStart(addDays(day, 1))).toBe(spring + 23 * hour);
      expect(dayStart(addDays(day, -1))).toBe(spring - 24 * hour);
      expect(dayOf(spring + hour - 1)).toBe(day); // 00:59:59 GMT
      expect(dayOf(spring + hour)).toBe(day); // 02:00 BST
      expect(dayOf(spring + 23 * hour - 1)).toBe(day);
      expect(dayOf(spring + 23 * hour)).toBe(addDays(day, 1));
      expect(dayOf(spring - 1)).toBe(addDays(day, -1));
    });

    it(`${year}: the autumn day is 25 hours, from 23:00 UTC the day before`, () => {
      const day = dayText(autumn);
      expect(dayStart(day)).toBe(autumn - hour);
      expect(dayEnd(day)).toBe(autumn + 24 * hour);
      expect(dayEnd(day) - dayStart(day)).toBe(25 * hour);
      expect(dayStart(addDays(day, 1))).toBe(autumn + 24 * hour);
      expect(dayOf(autumn - hour)).toBe(day);
      expect(dayOf(autumn - hour - 1)).toBe(addDays(day, -1));
      expect(dayOf(autumn + 24 * hour - 1)).toBe(day);
      expect(dayOf(autumn + 24 * hour)).toBe(addDays(day, 1));
    });
  }

  it('a winter day is UTC’s, a summer day an hour earlier', () => {
    expect(dayStart('2026-01-15')).toBe(Date.UTC(2026, 0, 15));
    expect(dayStart('2026-07-15')).toBe(Date.UTC(2026, 6, 14, 23));
    expect(dayOf(Date.UTC(2026, 6, 14, 23, 30))).toBe('2026-07-15');
    expect(utcDayOf(Date.UTC(2026, 6, 14, 23, 30))).toBe('2026-07-14');
    expect(monthOf(Date.UTC(2026, 6, 31, 23, 30))).toBe('2026-08');
  });
});

describe('calendar arithmetic', () => {
  it('adds and counts days across months, years and 29 February', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(31);
    expect(daysBetween('2026-10-25', '2026-10-25')).toBe(1);
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysEnding('2026-03-30', 3)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
  });

  it('months back and forward, clamped to the month’s end', () => {
    expect(monthBefore('2026-01')).toBe('2025-12');
    expect(monthBefore('2026-01', 12)).toBe('2025-01');
    expect(monthBefore('2025-12', -1)).toBe('2026-01');
    expect(lastDayOfMonth('2024-02')).toBe('2024-02-29');
    expect(lastDayOfMonth('2026-02')).toBe('2026-02-28');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-02-29', 12)).toBe('2023-02-28');
    expect(monthsBefore('2026-01-15', -1)).toBe('2026-02-15');
  });

  it('knows a real day from a malformed or impossible one', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
  });
});

describe('the Reports tab’s default month', () => {
  const render = (now: number) =>
    renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(MakeReport, { sites: [], now, onMade: () => {} })));
  const monthField = (html: string) => /type="month"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*type="month"/.exec(html)?.slice(1).find(Boolean);

  it('agrees with the server’s schedule in the first hour of a summer month (00:30 BST, 23:30 UTC the day before)', () => {
    const now = Date.UTC(2026, 6, 31, 23, 30);
    expect(lastMonthOf(now)).toBe('2026-07');
    expect(monthField(render(now))).toBe(lastMonthOf(now));
  });

  it('agrees in winter too', () => {
    const now = Date.UTC(2026, 11, 1, 0, 30);
    expect(monthField(render(now))).toBe(lastMonthOf(now));
    expect(lastMonthOf(now)).toBe('2026-11');
  });
});

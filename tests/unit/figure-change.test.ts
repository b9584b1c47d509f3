/**
 * A figure against the period before (src/lib/figure-change.ts), as the Overview, the Search view and the report word
 * it: the same sentences the three copies wrote before they were one.
 */
import { describe, expect, it } from 'vitest';
import { searchChangeText, searchFigureList } from '../../src/components/admin/search/figures';
import { changeText, overviewFigures } from '../../src/lib/analytics-figures';
import { changeIn } from '../../src/lib/figure-change';
import { formatPercent, formatPosition } from '../../src/lib/format';

const totals = (pageViews: number, visits: number, bounces: number) => ({
  pageViews,
  visitors: visits,
  visits,
  bounces,
  engagedMs: visits * 60_000,
  conversions: 0,
});
const overview = (id: string) => overviewFigures.find((f) => f.id === id)!;
const search = (id: string) => searchFigureList.find((f) => f.id === id)!;

describe('the Overview’s figures', () => {
  it('a count moves by its own format, a rate by points, nought with nought is the same', () => {
    expect(changeText(overview('pageViews'), totals(1_250, 10, 5), totals(1_000, 10, 5))).toBe('Up 250 on the period before (1,000)');
    expect(changeText(overview('bounceRate'), totals(10, 10, 4), totals(10, 10, 5))).toBe('Down 10.0 points on the period before (50.0%)');
    expect(changeText(overview('pageViews'), totals(0, 0, 0), totals(0, 0, 0))).toBe('Same as the period before');
    expect(changeText(overview('bounceRate'), totals(0, 0, 0), totals(10, 10, 5))).toBe('No data yet (50.0% before)');
    expect(changeText(overview('bounceRate'), totals(10, 10, 5), totals(0, 0, 0))).toBe('No data in the period before');
  });
});

describe('the Search view’s figures', () => {
  const figures = (clicks: number, impressions: number, position: number | null) => ({
    clicks,
    impressions,
    ctr: impressions === 0 ? null : clicks / impressions,
    position,
  });

  it('a lower position is better; CTR moves in points to two decimals; no clicks in either period is no data', () => {
    expect(searchChangeText(search('position'), figures(1, 10, 4.2), figures(1, 10, 5), 'the same days a year earlier')).toBe(
      'Better by 0.8 on the same days a year earlier (5.0)',
    );
    expect(searchChangeText(search('ctr'), figures(3, 100, 4), figures(2, 100, 4))).toBe('Up 1.00 points on the period before (2.00%)');
    expect(searchChangeText(search('clicks'), figures(0, 10, 4), figures(0, 10, 4))).toBe('No data in the period before');
    expect(searchChangeText(search('clicks'), figures(12, 10, 4), figures(10, 10, 4))).toBe('Up 2 on the period before (10)');
  });
});

describe('the report’s notes', () => {
  it('a count relatively, a rate in points as shown, a position better or worse', () => {
    expect(changeIn('count', 150, 100, String)).toBe('+50.0%');
    expect(changeIn('points', 0.123, 0.1, formatPercent)).toBe('up 2.3 points');
    expect(changeIn('position', 4.2, 5, formatPosition)).toBe('better by 0.8');
    expect(changeIn('position', 5.04, 5, formatPosition)).toBe('no change');
  });
});

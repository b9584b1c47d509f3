/** The cockpit's pure parts: a readable chart scale, labels people read, and the view as the URL holds it. */
import { describe, expect, it } from 'vitest';
import { analyticsView, breakdownLimit, browserOf, goalPaths } from '../../src/config/analytics';
import { checklist } from '../../src/config/checklist';
import { paths } from '../../src/config/paths';
import { readAnalyticsQuery, writeAnalyticsQuery } from '../../src/lib/analytics-query';
import { campaignLabel, rowLabel, sourceLabel } from '../../src/lib/analytics-labels';
import { niceScale } from '../../src/lib/chart-scale';
import { sourceOf } from '../../src/server/features/analytics/fold';

describe('the chart scale', () => {
  it('is the round number just above the top, in at most five steps: 17 reads 0–20, never 0–40', () => {
    expect(niceScale(17)).toEqual({ max: 20, step: 5, ticks: [20, 15, 10, 5, 0] });
    expect(niceScale(0).max).toBe(1);
    expect(niceScale(3)).toMatchObject({ max: 3, step: 1 });
    expect(niceScale(41)).toMatchObject({ max: 50, step: 10 });
    expect(niceScale(1234)).toMatchObject({ max: 1500, step: 500 });
    for (let top = 1; top < 2000; top += 7) {
      const { max, ticks } = niceScale(top);
      expect(max).toBeGreaterThanOrEqual(top);
      expect(ticks.length).toBeLessThanOrEqual(6);
      // Never more than one step of headroom.
      expect(max - top).toBeLessThan(ticks[0]! - ticks[1]!);
    }
  });
});

describe('labels', () => {
  it('a source is "Newsletter" or a domain, never "newsletter / /"', () => {
    expect(sourceLabel('newsletter')).toBe('Newsletter');
    expect(sourceLabel('spring_sale')).toBe('Spring sale');
    expect(sourceLabel('google.com')).toBe('google.com');
    expect(campaignLabel('newsletter /  / ')).toBe('Newsletter');
    expect(campaignLabel('newsletter / email / winter')).toBe('Newsletter · email · winter');
    expect(rowLabel('source', '')).toBe('Direct or unknown');
    expect(rowLabel('device', 'mobile')).toBe('Mobile');
    expect(rowLabel('formFactor', 'desktop')).toBe('Laptops and desktops');
    expect(rowLabel('page', '/about')).toBe('/about');
  });

  it('the stored source is the tagged one, else the referring domain without "www."', () => {
    expect(sourceOf('Newsletter', 'www.google.com')).toBe('newsletter');
    expect(sourceOf(undefined, 'www.google.com')).toBe('google.com');
    expect(sourceOf(undefined, undefined)).toBeNull();
  });

  it('a browser by its user agent, Edge and Opera before the Chrome they also claim', () => {
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
    expect(browserOf(chrome)).toBe('Chrome');
    expect(browserOf(`${chrome} Edg/140.0.0.0`)).toBe('Edge');
    expect(
      browserOf('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe('Firefox');
    expect(browserOf('curl/8')).toBe('Other');
  });
});

describe('the view in the URL', () => {
  it('round-trips a period, a custom range and a filter; keeps the other parameters', () => {
    const params = new URLSearchParams('tab=overview');
    writeAnalyticsQuery({ period: 'custom', from: '2026-01-01', to: '2026-03-31', filter: { dimension: 'page', value: '/a:b' } }, params);
    expect(params.get('tab')).toBe('overview');
    expect(readAnalyticsQuery(params)).toEqual({ period: 'custom', from: '2026-01-01', to: '2026-03-31', filter: { dimension: 'page', value: '/a:b' } });
    expect(readAnalyticsQuery(new URLSearchParams('period=12m'))).toEqual({ period: '12m' });
    expect(readAnalyticsQuery(new URLSearchParams(''))).toEqual({ period: '7d' });
  });

  it('refuses what it cannot show: an unknown period, days out of order, a range too long, an unknown list', () => {
    expect(readAnalyticsQuery(new URLSearchParams('period=5y'))).toBeNull();
    expect(readAnalyticsQuery(new URLSearchParams('period=custom&from=2026-03-01&to=2026-02-01'))).toBeNull();
    expect(readAnalyticsQuery(new URLSearchParams('period=custom&from=2020-01-01&to=2026-02-01'))).toBeNull();
    expect(readAnalyticsQuery(new URLSearchParams('period=7d&filter=colour:red'))).toBeNull();
    expect(analyticsView.maxCustomDays).toBeGreaterThan(366);
    expect(breakdownLimit).toBe(10);
  });
});

describe('goals', () => {
  it('the beacon names the checklist and the free audit by the paths the site serves them at', () => {
    expect(goalPaths).toEqual({ [checklist.path]: 'checklist', [paths.freeAudit]: 'audit' });
  });
});

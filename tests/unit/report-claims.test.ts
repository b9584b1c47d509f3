/**
 * The summary's figure check (issue 40, item 9): a number is checked as what it is said to be — metric, period and
 * direction — so ordinary words pass and false claims do not. Each of the examples, both ways. The stand-in's
 * figures are written here and every expected value is worked out from them.
 */
import { describe, expect, it } from 'vitest';
import { noData, reportContentIds } from '../../src/config/report';
import { layOutReport, ungroundedFigures } from '../../src/lib/report-layout';
import type { ReportData } from '../../src/lib/report-types';

const none = (reason: string) => ({ available: false as const, reason });
const november = { clicks: 627, impressions: 19_600, position: 9.42 };
const october = { clicks: 776, impressions: 23_000, position: 9.31 };
const lastYear = { clicks: 752, impressions: 23_000, position: 11.2 };
const totals = (t: { clicks: number; impressions: number; position: number }) => ({ ...t, ctr: t.clicks / t.impressions });
const data: ReportData = {
  version: 1,
  site: {
    key: 'bakery',
    name: 'Bright Bakery',
    url: 'https://bright-bakery.example.co.uk',
    clientName: 'Bright Bakery',
    clientEmail: null,
    thisSite: false,
    watchedSince: null,
    contactName: null,
    recipients: [],
    contents: [...reportContentIds],
  },
  period: { month: '2026-11', from: '2026-11-01', to: '2026-11-30', label: 'November 2026' },
  generatedAt: 0,
  trends: null,
  sections: {
    crawl: none(noData.crawl),
    uptime: { available: true, data: { checks: 8640, uptime: 0.9987, responseP50Ms: 182, responseP95Ms: 640 } },
    certificate: none(noData.certificate),
    alerts: none(noData.alerts),
    search: {
      available: true,
      data: {
        sources: ['Google', 'Bing'],
        missing: [],
        covered: null,
        partial: { previous: null, lastYear: null },
        current: totals(november),
        previous: totals(october),
        lastYear: totals(lastYear),
        topQueries: [],
        topPages: [],
        intoTop10: [],
        outOfTop10: [],
      },
    },
    visits: none(noData.thisSiteOnly),
    enquiries: none(noData.thisSiteOnly),
    vitals: none(noData.vitals),
  },
};
const ctrNow = (november.clicks / november.impressions) * 100;
const check = (text: string) => ungroundedFigures(text, data);

describe('the summary’s figure check', () => {
  it('passes ordinary numbers that are not figures', () => {
    expect(check('Your site was watched 24 hours a day, 7 days a week.')).toEqual([]);
    expect(check('Over the last 12 months the site has grown steadily.')).toEqual([]);
    expect(check('This report covers 1 to 30 November 2026.')).toEqual([]);
    // …but a number that is said to be a figure is still checked.
    expect(check('Your site had 24 clicks a day.')).not.toEqual([]);
  });

  it('allows a rounded figure after "about", within the rounding of a real one; not an invented one', () => {
    const rounded = Math.round(ctrNow);
    expect(check(`About ${rounded}% of searchers clicked through to the site.`)).toEqual([]);
    expect(check(`About ${rounded + 2}% of searchers clicked through to the site.`)).toHaveLength(1);
    // Without "about", the figure as the report writes it.
    expect(check(`The click-through rate was ${ctrNow.toFixed(1)}%.`)).toEqual([]);
  });

  it('accepts a difference equal to a real one ("up 24": 776 − 752), and refuses one that is not', () => {
    const up = october.clicks - lastYear.clicks;
    // The month before against the same month last year is not a comparison the report makes; November against both is.
    const down = october.clicks - november.clicks;
    expect(check(`Clicks fell by ${down} on the month before.`)).toEqual([]);
    expect(check(`Clicks were down ${down} on October.`)).toEqual([]);
    expect(check(`Clicks were up ${down} on October.`)).toHaveLength(1);
    expect(check(`Clicks were down ${down + 3} on October.`)).toHaveLength(1);
    expect(check(`Compared with last year clicks were down ${lastYear.clicks - november.clicks}.`)).toEqual([]);
    expect(up).toBe(24);
  });

  it('checks the direction against the metric’s better way: a lower position is better', () => {
    const position = november.position.toFixed(1);
    expect(Number(position)).toBeGreaterThan(Number(october.position.toFixed(1)));
    expect(check(`The average position improved to ${position}.`)).toHaveLength(1);
    expect(check(`The average position slipped to ${position}.`)).toEqual([]);
    expect(check(`The average position got worse, to ${position}.`)).toEqual([]);
  });

  it('refuses last month’s figure given as this month’s', () => {
    expect(check(`In November the site had ${october.clicks} clicks.`)).toHaveLength(1);
    expect(check(`In November the site had ${november.clicks} clicks, down from ${october.clicks} in October.`)).toEqual([]);
    expect(check(`In October the site had ${october.clicks} clicks.`)).toEqual([]);
  });
});

describe('position and click-through rate changes', () => {
  const figures = () => {
    const blocks = layOutReport(data).find((s) => s.id === 'search')!.blocks;
    const block = blocks.find((b) => b.type === 'figures')!;
    return block.type === 'figures' ? block.items : [];
  };
  it('are written in points with their direction, never as a relative %', () => {
    const [, , ctr, position] = figures();
    const before = (october.clicks / october.impressions) * 100;
    const points = Math.round((Number(ctrNow.toFixed(1)) - Number(before.toFixed(1))) * 10) / 10;
    expect(ctr!.notes[0]).toBe(`Month before: ${before.toFixed(1)}% (${points > 0 ? 'up' : 'down'} ${Math.abs(points).toFixed(1)} points)`);
    const moved = Math.round((Number(november.position.toFixed(1)) - Number(october.position.toFixed(1))) * 10) / 10;
    expect(position!.notes[0]).toBe(`Month before: ${october.position.toFixed(1)} (worse by ${moved.toFixed(1)})`);
    expect(position!.notes[1]).toBe(
      `Same month last year: ${lastYear.position.toFixed(1)} (better by ${(Number(lastYear.position.toFixed(1)) - Number(november.position.toFixed(1))).toFixed(1)})`,
    );
  });
  it('say "no change" when the written figures are the same, never "worse by 0.0"', () => {
    const same = structuredClone(data);
    if (same.sections.search.available) same.sections.search.data.previous!.position = november.position - 0.02;
    const blocks = layOutReport(same).find((s) => s.id === 'search')!.blocks;
    const block = blocks.find((b) => b.type === 'figures')!;
    expect(block.type === 'figures' && block.items[3]!.notes[0]).toBe(`Month before: ${(november.position - 0.02).toFixed(1)} (no change)`);
  });
});

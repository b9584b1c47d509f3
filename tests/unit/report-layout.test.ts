/** The report's written figures and the check of a summary against them: numbers read as written, compared by value. */
import { describe, expect, it } from 'vitest';
import { noData, reportContentIds } from '../../src/config/report';
import { changeOf } from '../../src/lib/figure-change';
import { layOutReport, numbersIn, ungroundedFigures } from '../../src/lib/report-layout';
import type { ReportData } from '../../src/lib/report-types';
import { thisSiteId } from '../../src/config/sites.mjs';

const none = (reason: string) => ({ available: false as const, reason });
const data: ReportData = {
  version: 1,
  site: {
    key: thisSiteId,
    name: 'www.example.co.uk',
    url: 'https://www.example.co.uk',
    clientName: 'Example Ltd',
    clientEmail: null,
    thisSite: true,
    watchedSince: null,
    contactName: null,
    recipients: [],
    contents: [...reportContentIds],
  },
  period: { month: '2026-10', from: '2026-10-01', to: '2026-10-31', label: 'October 2026' },
  generatedAt: 0,
  trends: null,
  sections: {
    crawl: none(noData.crawl),
    uptime: { available: true, data: { checks: 8640, uptime: 0.9987, responseP50Ms: 182, responseP95Ms: 640.4 } },
    certificate: none(noData.certificate),
    alerts: none(noData.alerts),
    search: none(noData.search),
    visits: {
      available: true,
      data: {
        current: { visitors: 1204, visits: 1500, pageViews: 4321, conversions: 12 },
        previous: { visitors: 1000, visits: 1400, pageViews: 4000, conversions: 12 },
        lastYear: null,
        covered: null,
      },
    },
    enquiries: { available: true, data: { count: 9, previous: 0, lastYear: null, covered: null } },
    vitals: none(noData.vitals),
  },
};

describe('the report as written', () => {
  it('writes figures the en-GB way, with their change against the month before', () => {
    const visits = layOutReport(data).find((s) => s.id === 'visits')!.blocks[0]!;
    expect(visits.type === 'figures' && visits.items[0]).toEqual({
      label: 'Unique visitors',
      value: '1,204',
      notes: ['Month before: 1,000 (+20.4%)', 'Same month last year: no data'],
    });
    const uptime = layOutReport(data).find((s) => s.id === 'uptime')!.blocks[0]!;
    expect(uptime.type === 'figures' && uptime.items.map((i) => i.value)).toEqual(['99.9%', '182 ms', '640 ms']);
    expect([changeOf(12, 12), changeOf(9, 0), changeOf(0, 0), changeOf(50, 100)]).toEqual(['no change', null, 'no change', '-50.0%']);
  });

  it('says which parts have no data, in words, never as zeros', () => {
    const crawl = layOutReport(data).find((s) => s.id === 'crawl')!;
    expect(crawl.blocks).toEqual([{ type: 'none', text: noData.crawl }]);
  });

  it('reads numbers as written: thousands separators, decimals, percentages', () => {
    expect(numbersIn('1,204 visitors, 99.9% uptime, 12 enquiries and -50.0% on 2026')).toEqual([1204, 99.9, 12, 50, 2026]);
  });

  it('finds the figures a summary states that the report does not show', () => {
    expect(ungroundedFigures('In October 2026, 1,204 people visited (+20.4%), uptime was 99.9% and 9 enquiries came in.', data)).toEqual([]);
    // The same value written without its separator is the same figure; one rounded after "about" is too; an invented
    // change is not (visitors rose 20.4%, not 20%).
    expect(ungroundedFigures('1204 visitors, about 1,200 of them new, and 20% more than before.', data)).toEqual(['20 (visitors: the report says +20.4%)']);
    expect(ungroundedFigures('1204 visitors, 1,200 of them new.', data)).toEqual(['1,200 (visitors: the report says 1204)']);
    expect(ungroundedFigures('Response time fell to 150 ms.', data)).toEqual(['150 (response time: the report says 182)']);
  });
});

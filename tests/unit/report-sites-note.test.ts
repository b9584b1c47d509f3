/**
 * The Sites tab names, under a site, the search source its reports leave out (issue 40, item 4), from the Reports
 * view's answer. The note is read after hydration: rendered without it (as the server renders), the card has none, so
 * the server's HTML and the first client render agree.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { noData } from '../../src/config/report';
import { adminKeys } from '../../src/components/admin/data/queries';
import { SitesPanel } from '../../src/components/admin/watch/SitesPanel';
import type { ReportsAnswer } from '../../src/lib/report-types';
import type { WatchSitesAnswer, WatchSiteView } from '../../src/lib/watch-types';

const now = Date.UTC(2026, 10, 1, 9);
const site = (id: string, name: string): WatchSiteView => ({
  id,
  url: `https://${id}.example/`,
  name,
  clientEmail: null,
  copyClient: false,
  searchProperty: null,
  isThisSite: false,
  crawlEveryHours: 24,
  availabilityEveryMinutes: 5,
  kindsOff: [],
  createdAt: now,
  removedAt: null,
  kinds: ['availability', 'certificate', 'crawl'],
  health: {
    uptime30: null,
    uptime90: null,
    firstCheckAt: null,
    responseP50: null,
    responseP95: null,
    checks30: 0,
    certificate: null,
    scores: [],
    lastChecks: [],
    openAlerts: 0,
  },
});
const initial: WatchSitesAnswer = {
  ok: true,
  now,
  sites: [site('cafe', 'Corner Café'), site('bakery', 'Bright Bakery')],
  quietHours: { from: null, to: null, source: null },
};
const note = noData.searchSourcesNote(['Bing'], [{ source: 'Google', why: 'unshared' }]);

function render(reports: Partial<ReportsAnswer> | null): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  if (reports) client.setQueryData(adminKeys.reports, { ok: true, reports: [], sites: [], searchNotes: {}, ...reports });
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(SitesPanel, { initial, onAlerts: () => {} })));
}

describe('the Sites tab’s note of a search source a site’s reports leave out', () => {
  it('names it under that site only', () => {
    expect(note).toBe('Search: Bing only — Google property not shared');
    const html = render({ searchNotes: { cafe: note } });
    expect(html.split(note)).toHaveLength(2);
    // Under the café's card, before the bakery's.
    expect(html.indexOf('Corner Café')).toBeLessThan(html.indexOf(note));
    expect(html.indexOf(note)).toBeLessThan(html.indexOf('Bright Bakery'));
  });

  it('renders nothing of it before the Reports view has answered (the server’s render)', () => {
    expect(render(null)).not.toContain('Search:');
    expect(render({ searchNotes: {} })).not.toContain('Search:');
  });
});

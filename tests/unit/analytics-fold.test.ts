/** The fold of analytics events into visits, page views and the day's figures, without a database. */
import { describe, expect, it } from 'vitest';
import { analyticsRules, vitalMetrics } from '~/config/analytics';
import { type DatedEvent, type Fold, foldEvents, type KnownRecords, type QueuedEvent } from '~/server/features/analytics/fold';

const day = '2026-11-24';
const start = Date.UTC(2026, 10, 24, 10);

function fold(events: [QueuedEvent, number, string?][], known: KnownRecords = { pageViews: new Map(), visitsById: new Map() }): Fold {
  let n = 0;
  const items: DatedEvent[] = events.map(([event, at, visitor = 'visitor-a']) => ({ event, at, day, visitor }));
  return foldEvents(items, known, () => `visit-${++n}`);
}
const view = (id: string, p = '/', extra: object = {}): QueuedEvent => ({ k: 'v', id, p, w: 'mobile', ...extra });
const engage = (id: string, t: number, m?: object): QueuedEvent => ({ k: 'e', id, p: '/', w: 'mobile', t, ...(m && { m }) });

describe('the analytics fold', () => {
  it('opens a visit with a first page view: one view, one visit, one bounce, its entry, referrer and device counted', () => {
    const result = fold([[view('a', '/services', { r: 'example.org' }), start]]);
    expect(result.daily.get(day)).toMatchObject({ page_views: 1, visits: 1, bounces: 1 });
    const visit = [...result.visitsById.values()][0]!;
    expect(visit).toMatchObject({ id: 'visit-1', entry_path: '/services', referrer: 'example.org', page_views: 1, isNew: true });
    const counted = [...result.breakdown].map(([key, count]) => [JSON.parse(key), count]);
    expect(counted).toEqual(
      expect.arrayContaining([
        [[day, 'entry', '/services'], 1],
        [[day, 'referrer', 'example.org'], 1],
        [[day, 'device', 'mobile'], 1],
        [[day, 'page', '/services'], 1],
      ]),
    );
    expect(result.newVisitors).toEqual([{ day, visitor: 'visitor-a' }]);
  });

  it('a second page view within the gap continues the visit and is no longer a bounce; the same beacon twice counts once', () => {
    const result = fold([
      [view('a'), start],
      [view('b', '/about'), start + 60_000],
      [view('b', '/about'), start + 61_000],
    ]);
    expect(result.daily.get(day)).toMatchObject({ page_views: 2, visits: 1, bounces: 0 });
    expect(result.visitsById.size).toBe(1);
    expect(result.newVisitors).toHaveLength(1);
  });

  it('a page view after the visit gap opens a new visit', () => {
    const result = fold([
      [view('a'), start],
      [view('b'), start + analyticsRules.visitGapMs + 1],
    ]);
    expect(result.daily.get(day)).toMatchObject({ page_views: 2, visits: 2, bounces: 2 });
  });

  it('continues a visit stored by an earlier batch', () => {
    const stored = {
      id: 'stored',
      visitor: 'visitor-a',
      day,
      started_at: start,
      last_at: start,
      page_views: 1,
      engaged_ms: 0,
      entry_path: '/',
      referrer: null,
      campaign: null,
      viewport: 'mobile',
      converted: 0,
      source: null,
      browser: null,
      exit_path: '/',
    };
    const result = fold([[view('b'), start + 1000]], { pageViews: new Map(), visitsById: new Map([['stored', stored]]) });
    expect(result.daily.get(day)).toMatchObject({ page_views: 1, visits: 0, bounces: -1 });
    expect(result.visitsById.get('stored')).toMatchObject({ page_views: 2, dirty: true });
  });

  it('adds engaged time to the view, its visit and the day, at most the cap per page view', () => {
    const result = fold([
      [view('a'), start],
      [engage('a', 5000), start + 5000],
      [engage('a', analyticsRules.maxEngagedMs), start + 10_000],
    ]);
    expect(result.pageViews.get('a')!.engaged_ms).toBe(analyticsRules.maxEngagedMs);
    expect(result.daily.get(day)!.engaged_ms).toBe(analyticsRules.maxEngagedMs);
  });

  it('ignores engagement for a page view never counted', () => {
    const result = fold([[engage('unknown', 5000), start]]);
    expect(result.daily.size).toBe(0);
    expect(result.vitals.size).toBe(0);
  });

  it('records each vital once per page view, rated by its thresholds, and drops implausible values', () => {
    const [good, poor] = vitalMetrics.find((m) => m.id === 'LCP')!.thresholds;
    const result = fold([
      [view('a'), start],
      [engage('a', 0, { LCP: [good, 'good'], CLS: [Number.NaN, 'good'] }), start + 1000],
      [engage('a', 0, { LCP: [poor + 1, 'poor'] }), start + 2000],
    ]);
    const lcp = [...result.vitals.values()].filter((v) => v.metric === 'LCP');
    expect(lcp).toHaveLength(1);
    expect(lcp[0]).toMatchObject({ path: '/', form_factor: 'mobile', samples: 1, good: 1, poor: 0 });
    expect([...result.vitals.values()].some((v) => v.metric === 'CLS')).toBe(false);
    expect(result.pageViews.get('a')!.metrics).toBe('LCP');
  });

  it('counts each goal once per page view, an outbound click once per host, however often the beacon comes', () => {
    const goal = (id: string, g: string, x?: string): QueuedEvent => ({ k: 'g', id, p: '/', w: 'mobile', g, ...(x && { x }) }) as QueuedEvent;
    const replayed = Array.from({ length: 40 }, (_, i): [QueuedEvent, number] => [goal('a', 'outbound', 'call-0800-scam-now.example'), start + 1000 + i]);
    const result = fold([
      [view('a'), start],
      ...replayed,
      [goal('a', 'outbound', 'www.example.org'), start + 2000],
      [goal('a', 'outbound', 'example.org'), start + 2001],
      [goal('a', 'checklist'), start + 2002],
      [goal('a', 'checklist'), start + 2003],
      [view('b'), start + 3000],
      [goal('b', 'checklist'), start + 3001],
    ]);
    const counted = Object.fromEntries([...result.breakdown].map(([key, count]) => [JSON.parse(key).slice(1).join(' '), count]));
    expect(counted).toMatchObject({ 'goal outbound': 2, 'outbound call-0800-scam-now.example': 1, 'outbound example.org': 1, 'goal checklist': 2 });
    expect(result.pageViews.get('a')!.goals).toBe('outbound:call-0800-scam-now.example outbound:example.org checklist');
  });

  it('counts no goal a page view stored by an earlier batch has already counted, and at most the cap per page view', () => {
    const stored = { id: 'a', visit_id: 'v', day, path: '/', viewport: 'mobile', engaged_ms: 0, metrics: '', goals: 'checklist' };
    const hosts = Array.from({ length: analyticsRules.maxGoalsPerPageView + 5 }, (_, i): [QueuedEvent, number] => [
      { k: 'g', id: 'a', p: '/', w: 'mobile', g: 'outbound', x: `host-${i}.example` },
      start + i,
    ]);
    const result = fold([[{ k: 'g', id: 'a', p: '/', w: 'mobile', g: 'checklist' }, start], ...hosts], {
      pageViews: new Map([['a', stored]]),
      visitsById: new Map(),
    });
    expect(result.breakdown.get(JSON.stringify([day, 'goal', 'checklist']))).toBeUndefined();
    expect(result.breakdown.get(JSON.stringify([day, 'goal', 'outbound']))).toBe(analyticsRules.maxGoalsPerPageView - 1);
    expect(result.pageViews.get('a')).toMatchObject({ dirty: true });
    expect(result.pageViews.get('a')!.goals.split(' ')).toHaveLength(analyticsRules.maxGoalsPerPageView);
  });

  it('counts a conversion once, for the visitor’s current visit only; each enquiry is remembered for spam marking', () => {
    const result = fold([
      [{ k: 'c', lead: 'lead-b' }, start, 'visitor-b'],
      [view('a'), start],
      [{ k: 'c', lead: 'lead-1' }, start + 1000],
      [{ k: 'c', lead: 'lead-2' }, start + 2000],
    ]);
    expect(result.conversions).toEqual([
      { day, visitor: 'visitor-a', lead: 'lead-1', first: true },
      { day, visitor: 'visitor-a', lead: 'lead-2', first: false },
    ]);
    expect([...result.visitsById.values()][0]!.converted).toBe(1);
  });
});

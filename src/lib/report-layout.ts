/**
 * The report as the reader sees it: sections of headings, key figures, tables, bar charts with their numbers, lists
 * and "no data" notes, every figure already written out. The HTML page and the PDF draw these same blocks, and the AI
 * summary's figures are checked against the numbers in them — so what the summary may state is exactly what the
 * client can read.
 */
import { vitalMetrics, formFactors } from '~/config/analytics';
import { noData, reportContents, reportLimits, reportSectionTitles, reportText } from '~/config/report';
import { formatVital, ratingLabels } from './analytics-figures';
import { type ChangeKind, changeIn } from './figure-change';
import { formatCount, formatDay, formatIsoDay, formatMs, formatPercent, formatPosition } from './format';
import { plural } from './plural.mjs';
import { summaryClaimProblems } from './report-claims';
import type { ReportData, SearchTotals, Section, TrendPoint } from './report-types';

export interface Figure {
  label: string;
  value: string;
  /** Against the month before and the same month last year, in words. */
  notes: string[];
}

export type Block =
  | { type: 'figures'; items: Figure[] }
  | { type: 'table'; caption: string; columns: string[]; rows: string[][]; numeric: boolean[] }
  | { type: 'chart'; caption: string; unit: string; points: { label: string; value: number; text: string }[] }
  /** A figure per month, oldest first; a month without data (value null) is a gap, never a zero. */
  | { type: 'trend'; caption: string; measure: string; unit: string; points: { month: string; label: string; value: number | null; text: string }[] }
  | { type: 'list'; title: string; items: string[] }
  | { type: 'paragraph'; text: string }
  | { type: 'none'; text: string };

export interface LaidOutSection {
  id: string;
  title: string;
  blocks: Block[];
}

/** "Month before: 1,204 (+12.5%)" or "Month before: no data". */
function compared(label: string, now: number, before: number | null | undefined, format: (n: number) => string, kind: ChangeKind = 'count'): string {
  if (before === null || before === undefined) return `${label}: ${noData.comparison}`;
  const change = changeIn(kind, now, before, format);
  return `${label}: ${format(before)}${change ? ` (${change})` : ''}`;
}

const daysLabel = (days: { from: string; to: string }) => `${formatIsoDay(days.from)} to ${formatIsoDay(days.to)}`;

function comparisonNotes<T>(
  now: number,
  previous: T | null,
  lastYear: T | null,
  pick: (t: T) => number | null,
  format: (n: number) => string,
  monthly: boolean,
  covered: Covered = null,
  kind: ChangeKind = 'count',
  partial: { previous: string | null; lastYear: string | null } = { previous: null, lastYear: null },
) {
  const value = (t: T | null) => (t === null ? null : pick(t));
  // A comparison whose days begin before the data does says so beside it.
  const part = (note: string, day: string | null, t: T | null) => (day && t !== null ? `${note}; ${reportText.partialComparison(formatIsoDay(day))}` : note);
  // Data ending before the period does is compared over the same number of days: the days are named.
  const days = (label: string, span: { from: string; to: string } | undefined) => (span ? `${label}, ${daysLabel(span)}` : label);
  return [
    part(
      compared(days(monthly ? reportText.againstPrevious : 'Period before', covered?.previous), now, value(previous), format, kind),
      partial.previous,
      previous,
    ),
    part(
      compared(days(reportText.againstLastYear.replace('month', monthly ? 'month' : 'days'), covered?.lastYear), now, value(lastYear), format, kind),
      partial.lastYear,
      lastYear,
    ),
  ];
}

type Covered = { to: string; previous: { from: string; to: string }; lastYear: { from: string; to: string } } | null;

const noneBlock = (section: Section<unknown>): Block[] => (section.available ? [] : [{ type: 'none', text: section.reason }]);

function searchFigures(
  current: SearchTotals,
  previous: SearchTotals | null,
  lastYear: SearchTotals | null,
  monthly: boolean,
  covered: Covered,
  partial: { previous: string | null; lastYear: string | null },
): Figure[] {
  const figure = (label: string, pick: (t: SearchTotals) => number | null, format: (n: number) => string, kind: ChangeKind = 'count'): Figure => {
    const now = pick(current);
    return {
      label,
      value: now === null ? noData.comparison : format(now),
      notes: now === null ? [] : comparisonNotes(now, previous, lastYear, pick, format, monthly, covered, kind, partial),
    };
  };
  return [
    figure('Clicks', (t) => t.clicks, formatCount),
    figure('Impressions', (t) => t.impressions, formatCount),
    figure('Click-through rate', (t) => t.ctr, formatPercent, 'points'),
    figure('Average position', (t) => t.position, formatPosition, 'position'),
  ];
}

const problemLine = (p: { message: string; url: string | null }) => (p.url ? `${p.url}: ${p.message}` : p.message);

/** The sections the report's client gets (the parts chosen for the site): the one place that decides it. */
export function chosenSections(data: ReportData): Set<keyof typeof reportSectionTitles> {
  return new Set(reportContents.filter((part) => data.site.contents.includes(part.id)).flatMap((part) => part.sections));
}

/** Whether the client gets the summary paragraph. */
export const showsSummary = (data: ReportData) => chosenSections(data).has('summary');

const trendMonth = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A trend's block; none when no month has data (the section says why already). */
function trendBlock(caption: string, measure: string, points: TrendPoint[]): Block[] {
  if (!points.some((point) => point.value !== null)) return [];
  return [
    {
      type: 'trend',
      caption,
      measure,
      unit: reportText.trendUnit,
      points: points.map((point) => ({
        month: point.month,
        label: trendMonth.format(new Date(`${point.month}-15T12:00:00Z`)),
        value: point.value,
        text: point.value === null ? reportText.noDataMonth : formatCount(point.value),
      })),
    },
  ];
}

/** The report's sections in reading order, every figure written out; only the parts chosen for its client. */
export function layOutReport(data: ReportData): LaidOutSection[] {
  const { sections } = data;
  const monthly = data.period.month !== null;
  const out: LaidOutSection[] = [];
  const chosen = chosenSections(data);
  // A part left out is not there at all: not a heading, not a "no data" line.
  const add = (id: keyof typeof reportSectionTitles, blocks: Block[]) => {
    if (chosen.has(id)) out.push({ id, title: reportSectionTitles[id], blocks });
  };
  const clicksTrend = trendBlock(reportText.clicksTrend, reportText.clicksMeasure, data.trends?.clicks ?? []);
  const visitsTrend = trendBlock(reportText.visitsTrend, reportText.visitsMeasure, data.trends?.visits ?? []);

  // Site health: the crawl score and its trend, then the problems fixed and found.
  const crawl = sections.crawl;
  if (crawl.available) {
    const c = crawl.data;
    add('crawl', [
      { type: 'figures', items: [{ label: 'Health score', value: reportText.scoreOutOf(c.score), notes: [`${plural(c.pages, 'page')} checked`] }] },
      {
        type: 'chart',
        caption: 'Health score at each check',
        unit: 'out of 100',
        points: c.trend.slice(-reportLimits.trendPoints).map((p) => ({ label: formatDay(p.at), value: p.score, text: String(p.score) })),
      },
    ]);
    const more = (count: number, shown: number) => (count > shown ? [reportText.andMore(count - shown)] : []);
    add('problems', [
      {
        type: 'list',
        title: `Fixed: ${formatCount(c.fixedCount)}`,
        items: c.fixedCount === 0 ? [reportText.noneInPeriod] : [...c.fixedProblems.map(problemLine), ...more(c.fixedCount, c.fixedProblems.length)],
      },
      {
        type: 'list',
        title: `New: ${formatCount(c.newCount)}`,
        items: c.newCount === 0 ? [reportText.noneInPeriod] : [...c.newProblems.map(problemLine), ...more(c.newCount, c.newProblems.length)],
      },
    ]);
  } else add('crawl', noneBlock(crawl));

  const uptime = sections.uptime;
  add(
    'uptime',
    uptime.available
      ? [
          {
            type: 'figures',
            items: [
              { label: 'Uptime', value: formatPercent(uptime.data.uptime), notes: [`${plural(uptime.data.checks, 'check')}`] },
              {
                label: 'Response time (median)',
                value: uptime.data.responseP50Ms === null ? noData.comparison : formatMs(uptime.data.responseP50Ms),
                notes: [],
              },
              {
                label: 'Response time (95th percentile)',
                value: uptime.data.responseP95Ms === null ? noData.comparison : formatMs(uptime.data.responseP95Ms),
                notes: [],
              },
            ],
          },
        ]
      : noneBlock(uptime),
  );

  const certificate = sections.certificate;
  add(
    'certificate',
    certificate.available
      ? [
          {
            type: 'figures',
            items: [
              { label: 'Expires', value: formatDay(certificate.data.expiresAt), notes: [`${plural(certificate.data.daysLeft, 'day')} left`] },
              { label: 'Covers', value: certificate.data.hosts.join(', ') || noData.comparison, notes: [] },
            ],
          },
        ]
      : noneBlock(certificate),
  );

  const alerts = sections.alerts;
  if (alerts.available) {
    const line = (a: { title: string; openedAt: number; closedAt: number | null }) =>
      `${a.title} (opened ${formatDay(a.openedAt)}${a.closedAt === null ? ', still open' : `, closed ${formatDay(a.closedAt)}`})`;
    add('alerts', [
      {
        type: 'list',
        title: `Opened: ${formatCount(alerts.data.opened.length)}`,
        items: alerts.data.opened.length ? alerts.data.opened.map(line) : [reportText.noneInPeriod],
      },
      {
        type: 'list',
        title: `Closed: ${formatCount(alerts.data.closed.length)}`,
        items: alerts.data.closed.length ? alerts.data.closed.map(line) : [reportText.noneInPeriod],
      },
    ]);
  } else add('alerts', noneBlock(alerts));

  const search = sections.search;
  if (search.available) {
    const s = search.data;
    const row = (r: SearchTotals & { key: string }) => [
      r.key,
      formatCount(r.clicks),
      formatCount(r.impressions),
      r.ctr === null ? '–' : formatPercent(r.ctr),
      r.position === null ? '–' : formatPosition(r.position),
    ];
    const columns = (first: string) => [first, 'Clicks', 'Impressions', 'Click-through rate', 'Average position'];
    const numeric = [false, true, true, true, true];
    // Which sources the totals hold, each one left out and why, and the last day with data, in words.
    const about = [
      reportText.searchFrom(s.sources),
      ...s.missing.map((m) => m.reason),
      ...(s.covered ? [reportText.dataUpTo(formatIsoDay(s.covered.to))] : []),
    ];
    add('search', [
      { type: 'paragraph', text: about.join(' ') },
      { type: 'figures', items: searchFigures(s.current, s.previous, s.lastYear, monthly, s.covered, s.partial) },
      ...clicksTrend,
    ]);
    add(
      'topQueries',
      s.topQueries.length
        ? [{ type: 'table', caption: 'Searches that showed the site most, by clicks', columns: columns('Search'), rows: s.topQueries.map(row), numeric }]
        : [{ type: 'none', text: noData.searchPeriod }],
    );
    add(
      'topPages',
      s.topPages.length
        ? [{ type: 'table', caption: 'Pages shown in search most, by clicks', columns: columns('Page'), rows: s.topPages.map(row), numeric }]
        : [{ type: 'none', text: noData.searchPeriod }],
    );
    const moved = (m: { query: string; position: number | null; previousPosition: number | null }) =>
      `${m.query}: from position ${m.previousPosition === null ? noData.comparison : formatPosition(m.previousPosition)} to ${m.position === null ? noData.comparison : formatPosition(m.position)}`;
    add('movers', [
      {
        type: 'list',
        title: `Onto the first page: ${formatCount(s.intoTop10.length)}`,
        items: s.intoTop10.length ? s.intoTop10.map(moved) : [reportText.noneInPeriod],
      },
      {
        type: 'list',
        title: `Off the first page: ${formatCount(s.outOfTop10.length)}`,
        items: s.outOfTop10.length ? s.outOfTop10.map(moved) : [reportText.noneInPeriod],
      },
    ]);
  } else add('search', [...noneBlock(search), ...clicksTrend]);

  const visits = sections.visits;
  if (visits.available) {
    const { current, previous, lastYear, covered } = visits.data;
    const figure = (label: string, pick: (t: typeof current) => number): Figure => ({
      label,
      value: formatCount(pick(current)),
      notes: comparisonNotes(pick(current), previous, lastYear, pick, formatCount, monthly, covered),
    });
    add('visits', [
      ...(covered ? [{ type: 'paragraph' as const, text: reportText.dataUpTo(formatIsoDay(covered.to)) }] : []),
      {
        type: 'figures',
        items: [
          figure('Unique visitors', (t) => t.visitors),
          figure('Visits', (t) => t.visits),
          figure('Page views', (t) => t.pageViews),
          figure('Visitors who sent an enquiry', (t) => t.conversions),
        ],
      },
      ...visitsTrend,
    ]);
  } else add('visits', [...noneBlock(visits), ...visitsTrend]);

  const enquiries = sections.enquiries;
  add(
    'enquiries',
    enquiries.available
      ? [
          {
            type: 'figures',
            items: [
              {
                label: 'Enquiries received',
                value: formatCount(enquiries.data.count),
                notes: comparisonNotes(
                  enquiries.data.count,
                  enquiries.data.previous,
                  enquiries.data.lastYear,
                  (n) => n,
                  formatCount,
                  monthly,
                  enquiries.data.covered,
                ),
              },
            ],
          },
        ]
      : noneBlock(enquiries),
  );

  const vitals = sections.vitals;
  if (vitals.available) {
    const rows = vitals.data.rows.map((v) => [
      `${vitalMetrics.find((m) => m.id === v.metric)!.label} (${v.metric})`,
      formFactors.find((f) => f.id === v.formFactor)!.label,
      v.p75 === null ? noData.comparison : formatVital(v.metric, v.p75),
      v.rating === null ? '–' : ratingLabels[v.rating],
      formatCount(v.samples),
    ]);
    add('vitals', [
      {
        type: 'table',
        caption: '75th percentile of what real visitors measured',
        columns: ['Measure', 'Devices', '75th percentile', 'Rating', 'Measurements'],
        rows,
        numeric: [false, false, true, false, true],
      },
    ]);
  } else add('vitals', noneBlock(vitals));
  return out;
}

/** Every text the laid-out report shows (its title and period included). */
export function reportTexts(data: ReportData): string[] {
  const texts = [data.site.name, data.site.url, data.site.clientName, data.period.label, data.period.from, data.period.to];
  for (const section of layOutReport(data)) {
    texts.push(section.title);
    for (const block of section.blocks) {
      if (block.type === 'figures') for (const f of block.items) texts.push(f.label, f.value, ...f.notes);
      else if (block.type === 'table') texts.push(block.caption, ...block.columns, ...block.rows.flat());
      else if (block.type === 'chart') texts.push(block.caption, block.unit, ...block.points.flatMap((p) => [p.label, p.text]));
      else if (block.type === 'trend') texts.push(block.caption, block.measure, block.unit, ...block.points.flatMap((p) => [p.label, p.text]));
      else if (block.type === 'list') texts.push(block.title, ...block.items);
      else texts.push(block.text);
    }
  }
  return texts;
}

/** Numbers as written ("1,204", "12.5%", "-3.0", "2.41 s"), each as its value (commas dropped, signs kept apart). */
const numberPattern = /\d+(?:,\d{3})*(?:\.\d+)?/g;

export function numbersIn(text: string): number[] {
  return [...text.matchAll(numberPattern)].map((m) => Number(m[0].replace(/,/g, '')));
}

/**
 * What a text states that the report does not bear out, as written in the text (with why): each number is checked as
 * the figure it is said to be — metric, period and direction (report-claims.ts); a number near no metric must be
 * one the report shows somewhere.
 */
export function ungroundedFigures(text: string, data: ReportData): string[] {
  return summaryClaimProblems(text, data, new Set(reportTexts(data).flatMap(numbersIn)));
}

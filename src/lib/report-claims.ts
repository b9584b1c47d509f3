/**
 * What a summary says of the report's figures, checked: each number is read with what it is said to be — the metric
 * named near it (clicks, position, visitors…), the period (this one, the month before, last year: by name or by
 * "from"/"than"), and a direction word ("up", "fell", "improved": checked against the sign of the change and the
 * metric's better direction, a lower position being better). A number must be that metric's figure for that period,
 * or its change (the difference, or the relative change in per cent), as the report writes it; "about" allows the
 * figure rounded as written. Ordinary numbers not about figures pass: durations ("24 hours a day, 7 days a week"),
 * spans ("the last 12 months"), years and dates. A number near no metric must be one the report shows somewhere.
 */
import { reportLimits } from '~/config/report';
import type { ReportData, SearchTotals } from './report-types';

type PeriodKey = 'current' | 'previous' | 'lastYear';
type Better = 'higher' | 'lower';
interface Metric {
  id: string;
  /** Words that name it (lower case, as regular expressions' sources). */
  words: string;
  better: Better;
  /** Its figure per period, in the units the report writes (a rate in per cent, one decimal; a position, one decimal). */
  values: Partial<Record<PeriodKey, number>>;
}

const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const monthWord = `(?:${months.map((m) => `${m}|${m.slice(0, 3)}`).join('|')})`;

/** Numbers that are not figures: spans of time, rates of time, years and days of a month. */
const ordinary = [
  new RegExp(String.raw`\b\d+\s*(?:hours?|days?|weeks?|months?|years?|minutes?)\s+(?:a|per|each|every)\s+(?:day|week|month|year)\b`, 'gi'),
  new RegExp(String.raw`\b(?:last|past|next|previous|coming|first|over|within|for)\s+(?:the\s+)?\d+\s+(?:days?|weeks?|months?|years?|hours?)\b`, 'gi'),
  /\b24\s*\/\s*7\b/g,
  new RegExp(String.raw`(?<=\b(?:in|since|of|from|until|to|year|${monthWord})\s+)(?:19|20)\d\d\b(?![.,]\d)`, 'gi'),
  new RegExp(String.raw`\b\d{1,2}(?:st|nd|rd|th)?(?:\s*(?:–|-|to)\s*\d{1,2}(?:st|nd|rd|th)?)?\s+${monthWord}\b`, 'gi'),
  new RegExp(String.raw`\b${monthWord}\s+\d{1,2}(?:st|nd|rd|th)?\b`, 'gi'),
];

const numberPattern = /\d+(?:,\d{3})*(?:\.\d+)?/g;
const hedge = /\b(?:about|around|roughly|nearly|almost|approximately|some|over|under|more than|less than|just over|just under|close to)\s*$/i;
const upWords = /\b(?:up|rose|risen|grew|grown|increased?|increasing|higher|more|gained?|climbed)\b/i;
const downWords = /\b(?:down|fell|fallen|dropped|decreased?|decreasing|lower|fewer|less|declined?)\b/i;
const betterWords = /\b(?:improved?|improving|better|stronger)\b/i;
const worseWords = /\b(?:worse|worsened|weaker|slipped|deteriorated)\b/i;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

function searchMetrics(data: ReportData): Metric[] {
  const s = data.sections.search;
  if (!s.available) return [];
  const per = (pick: (t: SearchTotals) => number | null) => {
    const values: Partial<Record<PeriodKey, number>> = {};
    for (const [key, totals] of [
      ['current', s.data.current],
      ['previous', s.data.previous],
      ['lastYear', s.data.lastYear],
    ] as const) {
      const value = totals ? pick(totals) : null;
      if (value !== null && value !== undefined) values[key] = value;
    }
    return values;
  };
  return [
    { id: 'clicks', words: String.raw`clicks?`, better: 'higher', values: per((t) => t.clicks) },
    { id: 'impressions', words: String.raw`impressions?|times? (?:it was |the site was )?shown`, better: 'higher', values: per((t) => t.impressions) },
    {
      id: 'click-through rate',
      words: String.raw`click-?through(?: rate)?|ctr|clicked through`,
      better: 'higher',
      values: per((t) => (t.ctr === null ? null : oneDecimal(t.ctr * 100))),
    },
    {
      id: 'average position',
      words: String.raw`position|ranking|ranked|rank`,
      better: 'lower',
      values: per((t) => (t.position === null ? null : oneDecimal(t.position))),
    },
  ];
}

/** The report's figures that a sentence can speak of, with their better direction. */
export function reportMetrics(data: ReportData): Metric[] {
  const metrics = searchMetrics(data);
  const visits = data.sections.visits;
  if (visits.available) {
    const { current, previous, lastYear } = visits.data;
    const per = (pick: (t: typeof current) => number) => ({
      current: pick(current),
      ...(previous ? { previous: pick(previous) } : {}),
      ...(lastYear ? { lastYear: pick(lastYear) } : {}),
    });
    metrics.push(
      { id: 'visitors', words: String.raw`visitors?|people`, better: 'higher', values: per((t) => t.visitors) },
      { id: 'visits', words: String.raw`visits?`, better: 'higher', values: per((t) => t.visits) },
      { id: 'page views', words: String.raw`page ?views?|pages viewed`, better: 'higher', values: per((t) => t.pageViews) },
      { id: 'enquiries', words: String.raw`enquir(?:y|ies)|leads?|contacted`, better: 'higher', values: per((t) => t.conversions) },
    );
  }
  const enquiries = data.sections.enquiries;
  if (enquiries.available) {
    const { count, previous, lastYear } = enquiries.data;
    metrics.push({
      id: 'enquiries',
      words: String.raw`enquir(?:y|ies)|leads?|contacted`,
      better: 'higher',
      values: { current: count, ...(previous !== null ? { previous } : {}), ...(lastYear !== null ? { lastYear } : {}) },
    });
  }
  const uptime = data.sections.uptime;
  if (uptime.available) {
    metrics.push({
      id: 'uptime',
      words: String.raw`uptime|up and running|available|online`,
      better: 'higher',
      values: { current: oneDecimal(uptime.data.uptime * 100) },
    });
    for (const [words, value] of [
      [String.raw`median|response`, uptime.data.responseP50Ms],
      [String.raw`95th|slowest|response`, uptime.data.responseP95Ms],
    ] as const) {
      if (value !== null) metrics.push({ id: 'response time', words, better: 'lower', values: { current: Math.round(value) } });
    }
  }
  const crawl = data.sections.crawl;
  if (crawl.available) metrics.push({ id: 'health score', words: String.raw`score|health`, better: 'higher', values: { current: crawl.data.score } });
  return metrics;
}

/** Which periods a clause speaks of: by a month's name, by "last year", or by "from"/"than"/"on" before the number. */
function periodsOf(clause: string, before: string, data: ReportData): PeriodKey[] {
  const lower = clause.toLowerCase();
  const monthName = (yyyymm: string) => months[Number(yyyymm.slice(5, 7)) - 1]!;
  const current = data.period.month ?? data.period.from.slice(0, 7);
  const [y, m] = current.split('-').map(Number) as [number, number];
  const previous = `${m === 1 ? y - 1 : y}-${String(m === 1 ? 12 : m - 1).padStart(2, '0')}`;
  const named = (month: string) => new RegExp(`\\b(?:${monthName(month)}|${monthName(month).slice(0, 3)})\\b`).test(lower);
  if (/\b(?:last year|a year (?:ago|earlier|before)|year before|same month last year)\b/.test(lower)) {
    if (/\b(?:from|than|against|compared|on|versus|vs)\s+[^,;]*$/i.test(before) || /\b(?:last year|a year ago)\b/.test(before.toLowerCase().slice(-30)))
      return ['lastYear'];
  }
  // "from 752", "than 752", "on October's 752": the figure it is set against.
  if (/\b(?:from|than|against|compared with|compared to|versus|vs\.?|on)\s+(?:the\s+)?(?:\w+'s\s+)?$/i.test(before)) return ['previous', 'lastYear'];
  if (data.period.month && named(previous) && !named(current)) return ['previous'];
  if (/\b(?:month before|previous month|the month prior)\b/.test(lower) && !named(current)) return ['previous'];
  return ['current'];
}

const written = (text: string) => Number(text.replace(/,/g, ''));
const decimalsOf = (text: string) => (text.includes('.') ? text.split('.')[1]!.length : 0);

/** Whether a number as written states a value: exactly as the report writes it, or rounded as written after "about". */
function states(text: string, value: number, hedged: boolean): boolean {
  const n = written(text);
  if (Math.abs(n - value) < 1e-9) return true;
  if (!hedged) return false;
  const decimals = decimalsOf(text);
  if (Math.abs(n - Number(value.toFixed(decimals))) < 1e-9) return true;
  // "about 800" for 776: rounded to the written number's last non-zero digit.
  const zeros = decimals === 0 ? (/(0+)$/.exec(String(n))?.[1]?.length ?? 0) : 0;
  const unit = 10 ** zeros;
  return zeros > 0 && Math.round(value / unit) * unit === n;
}

/**
 * The problems with what a text says of the report: each as the words in question, with why. Empty when every figure
 * it states is the report's, for the metric, period and direction it is said to be.
 */
export function summaryClaimProblems(text: string, data: ReportData, shown: Set<number>): string[] {
  const metrics = reportMetrics(data);
  const problems: string[] = [];
  // Blank out ordinary numbers (same length, so positions hold).
  let masked = text;
  for (const pattern of ordinary) masked = masked.replace(pattern, (m) => m.replace(/\d/g, '#'));
  // Sentences, then clauses; a clause with no metric word speaks of the last one named before it in its sentence.
  for (const sentence of masked.split(/(?<=[.!?])\s+/)) {
    let lastMetrics: Metric[] = [];
    let lastDirection: { up: boolean; down: boolean; better: boolean; worse: boolean } | null = null;
    for (const clause of sentence.split(/,(?=\s)|;|\s+while\s+|\s+but\s+|\s+whereas\s+/i)) {
      const lower = clause.toLowerCase();
      const named = metrics.filter((metric) => new RegExp(`\\b(?:${metric.words})\\b`, 'i').test(lower));
      const about = named.length > 0 ? named : lastMetrics;
      if (named.length > 0) lastMetrics = named;
      const direction = { up: upWords.test(lower), down: downWords.test(lower), better: betterWords.test(lower), worse: worseWords.test(lower) };
      if (direction.up || direction.down || direction.better || direction.worse) lastDirection = direction;
      for (const match of clause.matchAll(numberPattern)) {
        const number = match[0];
        const before = clause.slice(0, match.index);
        const after = clause.slice(match.index! + number.length);
        const hedged = hedge.test(before);
        const value = written(number);
        if (about.length === 0) {
          // Near no metric: a number the report shows, or the report's own scale ("top 10", "out of 100").
          const known = shown.has(value) || value === reportLimits.topPosition || value === 100;
          const roundedKnown = hedged && [...shown].some((v) => states(number, v, true));
          if (!known && !roundedKnown) problems.push(number);
          continue;
        }
        const periods = periodsOf(clause, before, data);
        const change =
          /^\s*(?:%|per ?cent|points?)?\s*(?:more|fewer|higher|lower|up|down|better|worse)\b/i.test(after) ||
          /\b(?:up|down|by|rose|fell|grew|dropped|increase of|decrease of|gain of|drop of)\s+(?:\w+\s+)?$/i.test(before);
        const candidates = about.flatMap((metric) => {
          const values: { metric: Metric; value: number; kind: 'figure' | 'change' }[] = [];
          for (const period of periods) {
            const v = metric.values[period];
            if (v !== undefined) values.push({ metric, value: v, kind: 'figure' });
          }
          const now = metric.values.current;
          for (const base of ['previous', 'lastYear'] as const) {
            const then = metric.values[base];
            if (now === undefined || then === undefined) continue;
            values.push({ metric, value: oneDecimal(Math.abs(now - then)), kind: 'change' });
            values.push({ metric, value: Math.abs(now - then), kind: 'change' });
            if (then !== 0) values.push({ metric, value: oneDecimal((Math.abs(now - then) / then) * 100), kind: 'change' });
          }
          return values;
        });
        const fits = candidates.filter(
          (c) => (change ? true : c.kind === 'figure' || /%|per ?cent|points?/i.test(after.slice(0, 9))) && states(number, c.value, hedged),
        );
        if (fits.length === 0) {
          const said = about[0]!;
          const now = said.values.current;
          const then = said.values.previous ?? said.values.lastYear;
          // A change is answered with the change the report shows; a figure with the figure for that period.
          const isChange = change || /%|per ?cent|points?/i.test(after.slice(0, 9));
          const truth =
            isChange && now !== undefined && then !== undefined && then !== 0 && said.id !== 'click-through rate' && said.id !== 'uptime'
              ? `${now >= then ? '+' : '-'}${oneDecimal((Math.abs(now - then) / then) * 100)}%`
              : periods.map((p) => said.values[p]).find((v) => v !== undefined);
          problems.push(truth === undefined ? `${number} (${said.id})` : `${number} (${said.id}: the report says ${truth})`);
          continue;
        }
        // The direction said, against the change the report shows (a lower position is better).
        const said = lastDirection;
        if (!said) continue;
        const metric = fits[0]!.metric;
        const now = metric.values.current;
        const base =
          periods.includes('lastYear') && !periods.includes('previous') ? metric.values.lastYear : (metric.values.previous ?? metric.values.lastYear);
        if (now === undefined || base === undefined || now === base) continue;
        const rose = now > base;
        const improved = metric.better === 'higher' ? rose : !rose;
        const wrong = (said.up && !rose && !said.down) || (said.down && rose && !said.up) || (said.better && !improved) || (said.worse && improved);
        if (wrong) problems.push(`${number} (${metric.id} ${improved ? 'improved' : 'got worse'}: ${base} before, ${now} now)`);
      }
    }
  }
  return [...new Set(problems)];
}

/**
 * Checks of this site's own data: real-user vitals (a page's p75 LCP, INP or CLS crossing into "needs improvement" or
 * "poor" against the 7 days before, with a minimum of samples), visitors so far today far below or far above the usual
 * for that weekday and hour, and no enquiry for longer than usual.
 */
import { analyticsRules } from '~/config/analytics';
import { watchThresholds as t } from '~/config/watch';
import { formatVital, ratingLabels, ratingOfValue } from '~/lib/analytics-figures';
import type { VitalMetric, VitalRating } from '~/config/analytics-wire.mjs';
import { plural } from '~/lib/plural.mjs';
import type { Db } from '../../db';
import { addDays, dayMs, dayOf } from '~/lib/days.mjs';
import { percentile75, visitorsStartedBetween, vitalsByPath } from '../analytics';
import { enquiryTimesSince } from '../contact';
import type { CheckOutcome, Problem } from './types';

const watchedMetrics: VitalMetric[] = ['LCP', 'INP', 'CLS'];
const rank: Record<VitalRating, number> = { good: 0, 'needs-improvement': 1, poor: 2 };

// The analytics' own read of real-user vitals per page and metric.
const vitalsOver = (db: Db, days: string[]) => vitalsByPath(db, days, watchedMetrics);

const span = (last: string, count: number) => Array.from({ length: count }, (_, i) => addDays(last, -i));

/**
 * `open`: the evidence of this kind's open alerts by key; an alert stays open while the page is still worse than the
 * rating it had before (the baseline moves on, the comparison does not).
 */
export async function checkVitals(db: Db, open: Map<string, unknown>, now = Date.now()): Promise<CheckOutcome> {
  const today = dayOf(now);
  const recentDays = span(today, t.vitalsRecentDays);
  const baselineDays = span(addDays(today, -t.vitalsRecentDays), t.vitalsBaselineDays);
  const [recent, baseline] = await Promise.all([vitalsOver(db, recentDays), vitalsOver(db, baselineDays)]);
  const problems: Problem[] = [];
  let compared = 0;
  for (const [key, now7] of recent) {
    if (now7.samples < t.vitalsMinSamples) continue;
    const p75 = percentile75(now7.metric, now7.histogram);
    if (p75 === null) continue;
    const rating = ratingOfValue(now7.metric, p75);
    const before = baseline.get(key);
    const openEvidence = open.get(`vitals|${key}`) as { baselineRating: VitalRating; baselineP75: number } | undefined;
    let baselineRating: VitalRating;
    let baselineP75: number;
    if (openEvidence) {
      ({ baselineRating, baselineP75 } = openEvidence);
    } else {
      if (!before || before.samples < t.vitalsMinSamples) continue;
      const p = percentile75(before.metric, before.histogram);
      if (p === null) continue;
      baselineP75 = p;
      baselineRating = ratingOfValue(before.metric, p);
    }
    compared++;
    if (rank[rating] <= rank[baselineRating]) continue;
    const evidence = {
      path: now7.path,
      metric: now7.metric,
      p75,
      rating,
      samples: now7.samples,
      baselineP75,
      baselineRating,
      baselineSamples: before?.samples ?? null,
      days: recentDays,
      baselineDays,
    };
    problems.push({
      key: `vitals|${key}`,
      title: `${now7.metric} on ${now7.path} got worse: ${ratingLabels[rating].toLowerCase()} (was ${ratingLabels[baselineRating].toLowerCase()})`,
      detail: `Real visitors' p75 ${now7.metric} on ${now7.path} is ${formatVital(now7.metric, p75)} over the last ${plural(t.vitalsRecentDays, 'day')} (${plural(now7.samples, 'sample')}), against ${formatVital(now7.metric, baselineP75)} ("${ratingLabels[baselineRating].toLowerCase()}") over the ${t.vitalsBaselineDays} days before.`,
      urgent: false,
      evidence,
    });
  }
  return {
    ok: problems.length === 0,
    summary: `${plural(compared, 'page metric')} compared with the week before; ${problems.length} got worse.`,
    responseMs: null,
    score: null,
    evidence: { compared, days: recentDays },
    problems,
  };
}

const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: analyticsRules.timeZone,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Milliseconds since midnight in the business's time zone. */
export function sinceMidnightMs(at: number): number {
  const [h = 0, m = 0, s = 0] = clockFormat.format(at).split(':').map(Number);
  return ((h * 60 + m) * 60 + s) * 1000 + (at % 1000);
}

/** Visitors since midnight against the same hours of the same weekday in the weeks before (their median). */
export async function checkTraffic(db: Db, now = Date.now()): Promise<CheckOutcome> {
  const elapsed = sinceMidnightMs(now);
  const today = await visitorsStartedBetween(db, now - elapsed, now);
  const weeks: { from: number; visitors: number }[] = [];
  for (let week = 1; week <= t.trafficWeeks; week++) {
    const end = now - week * 7 * dayMs;
    weeks.push({ from: end - elapsed, visitors: await visitorsStartedBetween(db, end - elapsed, end) });
  }
  // Weeks before the records begin (nothing at all) say nothing about the usual.
  const known = weeks
    .filter((w) => w.visitors > 0)
    .map((w) => w.visitors)
    .sort((a, b) => a - b);
  const usual = known.length >= 2 ? (known[Math.floor((known.length - 1) / 2)]! + known[Math.ceil((known.length - 1) / 2)]!) / 2 : null;
  const evidence = { today, usual, weeks, sinceMidnightMs: elapsed };
  const problems: Problem[] = [];
  if (usual !== null && usual >= t.trafficMinUsual) {
    const hours = `so far today (${clockFormat.format(now).slice(0, 5)})`;
    if (today < usual * t.trafficLowRatio)
      problems.push({
        key: 'traffic-low',
        title: `Visitors far below the usual`,
        detail: `${plural(today, 'visitor')} ${hours}; on this weekday by this hour there are usually ${Math.round(usual)}.`,
        urgent: false,
        evidence,
      });
    else if (today > usual * t.trafficHighRatio)
      problems.push({
        key: 'traffic-high',
        title: `Visitors far above the usual`,
        detail: `${plural(today, 'visitor')} ${hours}; on this weekday by this hour there are usually ${Math.round(usual)}.`,
        urgent: false,
        evidence,
      });
  }
  return {
    ok: problems.length === 0,
    summary:
      usual === null
        ? `${plural(today, 'visitor')} so far today; not enough weeks recorded to know the usual.`
        : `${plural(today, 'visitor')} so far today, usually ${Math.round(usual)}.`,
    responseMs: null,
    score: null,
    evidence,
    problems,
  };
}

/** No enquiry for longer than the longest usual gap between two (times a margin). */
export async function checkEnquiries(db: Db, now = Date.now()): Promise<CheckOutcome> {
  const times = await enquiryTimesSince(db, now - t.enquiriesWindowDays * dayMs);
  const last = times.at(-1) ?? null;
  const gaps = times.slice(1).map((at, i) => at - times[i]!);
  const longest = gaps.length > 0 ? Math.max(...gaps) : null;
  const limit = longest === null ? null : Math.max(longest * t.enquiriesGapFactor, t.enquiriesMinGapDays * dayMs);
  const quietFor = last === null ? null : now - last;
  const evidence = { count: times.length, last, longestGapMs: longest, limitMs: limit, quietForMs: quietFor };
  const problems: Problem[] = [];
  if (times.length >= t.enquiriesMinCount && limit !== null && quietFor !== null && quietFor > limit) {
    const days = (ms: number) => plural(Math.floor(ms / dayMs), 'day');
    problems.push({
      key: 'enquiries-quiet',
      title: 'No enquiry for longer than usual',
      detail: `The last enquiry came ${days(quietFor)} ago; over the last ${t.enquiriesWindowDays} days the longest wait between two was ${days(longest!)}. Check that the contact form works and that e-mail arrives.`,
      urgent: false,
      evidence,
    });
  }
  return {
    ok: problems.length === 0,
    summary: last === null ? 'No enquiries recorded yet.' : `Last enquiry ${plural(Math.floor((quietFor ?? 0) / dayMs), 'day')} ago.`,
    responseMs: null,
    score: null,
    evidence,
    problems,
  };
}

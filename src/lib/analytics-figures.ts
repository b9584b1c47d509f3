/** The Overview's derived figures and how they read, from the period totals (shared by the dashboard and its tests). */
import { type VitalMetric, type VitalRating, vitalMetrics } from '~/config/analytics';
import type { AnalyticsTotals } from './admin-types';
import { type ChangeKind, changeSentence } from './figure-change';
import { plural } from './plural.mjs';

export type Figure = {
  id: string;
  label: string;
  /** How its change against the period before reads. */
  kind: ChangeKind;
  value: (t: AnalyticsTotals) => number | null;
  format: (value: number) => string;
  /** The counts behind a rate, in words. */
  detail?: (t: AnalyticsTotals) => string;
};

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

export const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** '2 min 05 s', '45 s'. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

const count = (value: number) => value.toLocaleString('en-GB');

export const overviewFigures: Figure[] = [
  { id: 'pageViews', label: 'Page views', kind: 'count', value: (t) => t.pageViews, format: count },
  { id: 'visitors', label: 'Unique visitors', kind: 'count', value: (t) => t.visitors, format: count },
  { id: 'visits', label: 'Visits', kind: 'count', value: (t) => t.visits, format: count },
  {
    id: 'bounceRate',
    label: 'Bounce rate',
    kind: 'points',
    value: (t) => ratio(t.bounces, t.visits),
    format: percent,
    detail: (t) => `${plural(t.bounces, 'visit', 'visits')} with one page view, of ${t.visits.toLocaleString('en-GB')}`,
  },
  { id: 'visitDuration', label: 'Average visit duration', kind: 'count', value: (t) => ratio(t.engagedMs, t.visits), format: formatDuration },
  {
    id: 'conversionRate',
    label: 'Conversion rate',
    kind: 'points',
    value: (t) => ratio(t.conversions, t.visitors),
    format: percent,
    detail: (t) => `${plural(t.conversions, 'visitor', 'visitors')} sent an enquiry (spam left out), of ${t.visitors.toLocaleString('en-GB')}`,
  },
];

/** How a figure moved against the period before, in words. */
export function changeText(figure: Figure, current: AnalyticsTotals, previous: AnalyticsTotals): string {
  return changeSentence(figure.value(current), figure.value(previous), figure);
}

export function formatVital(metric: VitalMetric, value: number): string {
  if (metric === 'CLS') return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

export function ratingOfValue(metric: VitalMetric, value: number): VitalRating {
  const [good, poor] = vitalMetrics.find((m) => m.id === metric)!.thresholds;
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

export const ratingLabels: Record<VitalRating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };

/** The thresholds a page is judged by, in words: 'good up to 2.50 s, poor over 4.00 s'. */
export function thresholdText(metric: VitalMetric): string {
  const [good, poor] = vitalMetrics.find((m) => m.id === metric)!.thresholds;
  return `good up to ${formatVital(metric, good)}, poor over ${formatVital(metric, poor)}`;
}

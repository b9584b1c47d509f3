/**
 * Core Web Vitals samples kept as log-scale histograms (buckets 2.5 % wide), so a day's samples add up in a few rows
 * and a p75 over any period is read from the merged histogram, within 2.5 % of the exact figure. Ratings are counted
 * exactly, from the value, by web-vitals' own thresholds.
 */
import { type VitalMetric, vitalMetrics } from '~/config/analytics';

const growth = 1.025;
const logGrowth = Math.log(growth);

export type Histogram = Record<string, number>;

const metricOf = (id: VitalMetric) => vitalMetrics.find((m) => m.id === id)!;

/** Integer units per metric: milliseconds, or thousandths for CLS. */
const toUnits = (metric: VitalMetric, value: number) => (metric === 'CLS' ? Math.round(value * 1000) : Math.round(value));
const fromUnits = (metric: VitalMetric, units: number) => (metric === 'CLS' ? units / 1000 : units);

export function bucketOf(metric: VitalMetric, value: number): number {
  const units = toUnits(metric, value);
  return units <= 1 ? 0 : Math.ceil(Math.log(units) / logGrowth - 1e-9);
}

/** The largest value a bucket holds (its upper edge), in the metric's own unit. */
export function bucketValue(metric: VitalMetric, bucket: number): number {
  return fromUnits(metric, bucket === 0 ? 1 : Math.floor(growth ** bucket + 1e-9));
}

/** A value the beacon may report: finite, not negative, within the metric's sane range. */
export function plausible(metric: VitalMetric, value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= metricOf(metric).max;
}

export function mergeInto(target: Histogram, source: Histogram) {
  for (const [bucket, count] of Object.entries(source)) target[bucket] = (target[bucket] ?? 0) + count;
}

/** The 75th percentile (nearest rank), or null with no samples. */
export function percentile75(metric: VitalMetric, histogram: Histogram): number | null {
  const buckets = Object.entries(histogram)
    .map(([bucket, count]) => [Number(bucket), count] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(0.75 * total);
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= rank) return bucketValue(metric, bucket);
  }
  return null;
}

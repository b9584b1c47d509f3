/**
 * A figure against the period before, the one way it is worked out: the Overview's and the Search view's sentences
 * ('Up 12 on the period before (40)') and the report's short notes ('+12.5%', 'better by 0.3'). Each figure says
 * what kind it is: a count, a rate (moved in points) or a position (lower is better).
 */

export type ChangeKind = 'count' | 'points' | 'position';

/** '+12.5%' / '-3.0%' / 'no change' against a figure before; null when there was nothing before to compare with. */
export function changeOf(now: number, before: number): string | null {
  if (before === 0) return now === 0 ? 'no change' : null;
  const change = (now - before) / before;
  if (Math.abs(change) < 0.0005) return 'no change';
  return `${change > 0 ? '+' : '-'}${(Math.abs(change) * 100).toFixed(1)}%`;
}

/**
 * A change as the report words it: a count as a relative change ('+12.5%'); a rate or a position in points, as
 * written (one decimal), with its direction — a lower position is better ('better by 0.3', 'worse by 0.1', 'no change').
 */
export function changeIn(kind: ChangeKind, now: number, before: number, format: (n: number) => string): string | null {
  if (kind === 'count') return changeOf(now, before);
  const shown = (n: number) => Number(format(n).replace(/[^\d.-]/g, ''));
  const difference = Math.round((shown(now) - shown(before)) * 10) / 10;
  if (difference === 0) return 'no change';
  if (kind === 'position') return `${difference < 0 ? 'better' : 'worse'} by ${Math.abs(difference).toFixed(1)}`;
  return `${difference > 0 ? 'up' : 'down'} ${Math.abs(difference).toFixed(1)} points`;
}

export type ChangeSentence = {
  kind: ChangeKind;
  format: (value: number) => string;
  /** Decimals of a rate's change in points. */
  pointsDecimals?: number;
  /** What the period is compared with, as the sentence names it. */
  compared?: string;
  /** A count that was nought in both periods means no data rather than no change (a search source's days). */
  noughtIsNoData?: boolean;
};

/** How a figure moved against the period before, in a sentence for the admin's figure cards. */
export function changeSentence(now: number | null, before: number | null, how: ChangeSentence): string {
  const { kind, format, pointsDecimals = 1, compared = 'the period before', noughtIsNoData = false } = how;
  if (before === null || (noughtIsNoData && kind === 'count' && before === 0 && now === 0)) {
    return now === null ? 'No data in either period' : `No data in ${compared}`;
  }
  if (now === null) return `No data yet (${format(before)} before)`;
  // Rates are divisions: a difference of rounding noise is none.
  if (Math.abs(now - before) < 1e-9) return `Same as ${compared}`;
  const difference = kind === 'points' ? `${(Math.abs(now - before) * 100).toFixed(pointsDecimals)} points` : format(Math.abs(now - before));
  const direction = kind === 'position' ? (now < before ? 'Better by' : 'Worse by') : now > before ? 'Up' : 'Down';
  return `${direction} ${difference} on ${compared} (${format(before)})`;
}

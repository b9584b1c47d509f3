/** How the Search view writes its figures (en-GB), and a figure's change against the period compared (`compared`, its name). */
import type { SearchFigures } from '~/lib/search-types';

const whole = new Intl.NumberFormat('en-GB');
export const formatCount = (n: number) => whole.format(n);
export const formatCtr = (ctr: number | null) => (ctr === null ? '—' : `${(ctr * 100).toFixed(ctr < 0.1 ? 2 : 1)}%`);
export const formatPosition = (position: number | null) => (position === null ? '—' : position.toFixed(1));

export const searchFigureList = [
  { id: 'clicks', label: 'Clicks', value: (f: SearchFigures) => f.clicks, format: (v: number) => formatCount(v), higherIsBetter: true },
  { id: 'impressions', label: 'Impressions', value: (f: SearchFigures) => f.impressions, format: (v: number) => formatCount(v), higherIsBetter: true },
  { id: 'ctr', label: 'CTR', value: (f: SearchFigures) => f.ctr, format: (v: number) => formatCtr(v), higherIsBetter: true },
  // A lower position is a better one.
  { id: 'position', label: 'Average position', value: (f: SearchFigures) => f.position, format: (v: number) => formatPosition(v), higherIsBetter: false },
] as const;

export function searchChangeText(
  figure: (typeof searchFigureList)[number],
  current: SearchFigures,
  previous: SearchFigures,
  compared = 'the period before',
): string {
  const now = figure.value(current);
  const before = figure.value(previous);
  if (before === null || (figure.id !== 'ctr' && figure.id !== 'position' && before === 0 && now === 0)) {
    return now === null ? 'No data in either period' : `No data in ${compared}`;
  }
  if (now === null) return `No data yet (${figure.format(before)} before)`;
  if (Math.abs(now - before) < 1e-9) return `Same as ${compared}`;
  const difference = figure.id === 'ctr' ? `${(Math.abs(now - before) * 100).toFixed(2)} points` : figure.format(Math.abs(now - before));
  const direction = figure.id === 'position' ? (now < before ? 'Better by' : 'Worse by') : now > before ? 'Up' : 'Down';
  return `${direction} ${difference} on ${compared} (${figure.format(before)})`;
}

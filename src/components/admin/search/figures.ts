/** How the Search view writes its figures (en-GB), and a figure's change against the period compared (`compared`, its name). */
import { changeSentence } from '~/lib/figure-change';
import type { SearchFigures } from '~/lib/search-types';

const whole = new Intl.NumberFormat('en-GB');
export const formatCount = (n: number) => whole.format(n);
export const formatCtr = (ctr: number | null) => (ctr === null ? '—' : `${(ctr * 100).toFixed(ctr < 0.1 ? 2 : 1)}%`);
export const formatPosition = (position: number | null) => (position === null ? '—' : position.toFixed(1));

export const searchFigureList = [
  { id: 'clicks', label: 'Clicks', kind: 'count', value: (f: SearchFigures) => f.clicks, format: (v: number) => formatCount(v), higherIsBetter: true },
  {
    id: 'impressions',
    label: 'Impressions',
    kind: 'count',
    value: (f: SearchFigures) => f.impressions,
    format: (v: number) => formatCount(v),
    higherIsBetter: true,
  },
  { id: 'ctr', label: 'CTR', kind: 'points', pointsDecimals: 2, value: (f: SearchFigures) => f.ctr, format: (v: number) => formatCtr(v), higherIsBetter: true },
  // A lower position is a better one.
  {
    id: 'position',
    label: 'Average position',
    kind: 'position',
    value: (f: SearchFigures) => f.position,
    format: (v: number) => formatPosition(v),
    higherIsBetter: false,
  },
] as const;

export function searchChangeText(
  figure: (typeof searchFigureList)[number],
  current: SearchFigures,
  previous: SearchFigures,
  compared = 'the period before',
): string {
  // A count of nought in both periods is a source with no days in them.
  return changeSentence(figure.value(current), figure.value(previous), { ...figure, compared, noughtIsNoData: true });
}

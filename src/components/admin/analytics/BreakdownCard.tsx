/**
 * One of the Overview's lists: its top rows, each a button that filters the whole dashboard by it, and "Show all",
 * which opens the full list in a dialog with a search box.
 */
import { useId, useRef, useState } from 'react';
import { breakdownLimit, type breakdowns } from '~/config/analytics';
import type { AnalyticsRow } from '~/lib/admin-types';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';

type Breakdown = (typeof breakdowns)[number];

function Rows({
  breakdown,
  rows,
  top,
  onPick,
  full,
}: {
  breakdown: Breakdown;
  rows: AnalyticsRow[];
  top: number;
  onPick: (row: AnalyticsRow) => void;
  full?: boolean;
}) {
  // The full list (in "Show all") is marked apart from the card's top rows.
  const marks = full ? { 'data-breakdown-all': breakdown.id } : { 'data-breakdown': breakdown.id };
  return (
    <Table className="table-fixed" {...marks}>
      <TableHeader>
        <TableRow>
          <TableHead>{breakdown.column}</TableHead>
          <TableHead numeric className="w-24">
            {breakdown.counts}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.value} data-row={row.value}>
            <TableCell className="relative pr-2">
              <span aria-hidden="true" className="absolute inset-y-1 left-0 rounded bg-brand-50" style={{ width: `${(row.count / top) * 100}%` }} />
              <button
                type="button"
                onClick={() => onPick(row)}
                className="relative block w-full rounded text-left break-words hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="sr-only">Filter by </span>
                <span className="font-medium text-ink">{row.label}</span>
                {row.title && <span className="block text-xs text-muted">{row.title}</span>}
              </button>
            </TableCell>
            <TableCell numeric className="align-top font-semibold">
              {row.count.toLocaleString('en-GB')}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function BreakdownCard({ breakdown, rows, onPick }: { breakdown: Breakdown; rows: AnalyticsRow[]; onPick: (row: AnalyticsRow) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [search, setSearch] = useState('');
  const searchId = useId();
  const headingId = useId();
  const top = Math.max(1, ...rows.map((r) => r.count));
  const needle = search.trim().toLowerCase();
  const found = needle ? rows.filter((r) => `${r.label} ${r.value} ${r.title ?? ''}`.toLowerCase().includes(needle)) : rows;
  const pick = (row: AnalyticsRow) => {
    dialog.current?.close();
    onPick(row);
  };
  return (
    <Card
      title={breakdown.title}
      headingLevel={3}
      className="min-w-0"
      actions={
        rows.length > breakdownLimit && (
          <Button size="sm" variant="secondary" onClick={() => dialog.current?.showModal()}>
            Show all {rows.length.toLocaleString('en-GB')}
            <span className="sr-only"> {breakdown.title.toLowerCase()}</span>
          </Button>
        )
      }
    >
      {rows.length === 0 ? (
        <p className="text-muted">{breakdown.empty}</p>
      ) : (
        <Rows breakdown={breakdown} rows={rows.slice(0, breakdownLimit)} top={top} onPick={pick} />
      )}
      {rows.length > breakdownLimit && (
        <dialog
          ref={dialog}
          aria-labelledby={headingId}
          className="m-auto max-h-[85vh] w-[min(40rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
          onClose={() => setSearch('')}
        >
          <div className="sticky top-0 grid gap-3 border-b border-slate-200 bg-white p-4">
            <div className="flex items-center justify-between gap-2">
              <h4 id={headingId} className="text-lg font-semibold text-ink">
                {breakdown.title}
              </h4>
              <Button size="sm" variant="secondary" onClick={() => dialog.current?.close()}>
                Close
              </Button>
            </div>
            <label htmlFor={searchId} className="grid gap-1 text-sm font-medium text-ink">
              Search
              <input
                id={searchId}
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className="rounded-lg border border-slate-400 px-3 py-2 font-normal"
              />
            </label>
            <p className="text-sm text-muted" aria-live="polite">
              {found.length.toLocaleString('en-GB')} of {rows.length.toLocaleString('en-GB')}
            </p>
          </div>
          <div className="p-4">
            <Rows breakdown={breakdown} rows={found} top={top} onPick={pick} full />
          </div>
        </dialog>
      )}
    </Card>
  );
}

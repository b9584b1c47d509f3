/**
 * A custom range's two days and its Show button: the analytics Overview's and the Search view's. The view changes
 * once the range is applied; days out of order cannot be applied. `min` and `max` bound the days a browser offers
 * (the server checks them again).
 */
import { useState } from 'react';
import { Button } from './button';

export function DateRangeForm({
  from: initialFrom,
  to: initialTo,
  min,
  max,
  onApply,
}: {
  from: string;
  to: string;
  min?: string;
  max: string;
  onApply: (from: string, to: string) => void;
}) {
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const apply = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (from <= to) onApply(from, to);
  };
  return (
    <form onSubmit={apply} className="flex flex-wrap items-end gap-2" aria-label="Custom range">
      <label className="grid gap-1 text-sm font-medium text-ink">
        From
        <input
          type="date"
          value={from}
          min={min}
          max={max}
          onChange={(e) => setFrom(e.target.value)}
          className="rounded-lg border border-slate-400 px-2 py-1.5"
        />
      </label>
      <label className="grid gap-1 text-sm font-medium text-ink">
        To
        <input type="date" value={to} min={min} max={max} onChange={(e) => setTo(e.target.value)} className="rounded-lg border border-slate-400 px-2 py-1.5" />
      </label>
      <Button size="sm" type="submit" disabled={from > to}>
        Show
      </Button>
    </form>
  );
}

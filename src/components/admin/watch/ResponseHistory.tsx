/**
 * Sites → a site's response time and incidents over the last 24 hours or 7 days, from its availability checks: a small
 * chart (hidden from screen readers) whose figures are said in words beside it, and the incidents as a list. Read from
 * the server only once the section is opened.
 */
import { useState } from 'react';
import { watchHistoryPeriods, watchHistoryText as text, type WatchHistoryPeriod } from '~/config/watch';
import type { WatchHistory } from '~/lib/watch-types';
import { useWatchHistory } from '../data/queries';
import { SegmentedControl } from '../ui/segmented-control';
import { formatDayAndClock } from '~/lib/format';

const periods = (Object.keys(watchHistoryPeriods) as WatchHistoryPeriod[]).map((id) => ({ id, label: watchHistoryPeriods[id].label }));

/** One bar per slot, its height the median response time; a slot with a check that found the site down is red. */
function Chart({ history }: { history: WatchHistory }) {
  const width = 320;
  const height = 72;
  const top = Math.max(1, ...history.slots.map((slot) => slot.medianMs ?? 0));
  const step = width / history.slots.length;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} aria-hidden="true" className="h-auto w-full max-w-md rounded bg-slate-50" data-history-chart>
      {history.slots.map((slot, i) => {
        const barHeight = slot.down > 0 ? height - 4 : slot.medianMs === null ? 0 : Math.max(2, ((slot.medianMs / top) * (height - 4)) | 0);
        return (
          <rect
            key={slot.from}
            x={i * step + 1}
            y={height - 2 - barHeight}
            width={Math.max(1, step - 2)}
            height={barHeight}
            className={slot.down > 0 ? 'fill-red-700' : 'fill-brand-700'}
          />
        );
      })}
    </svg>
  );
}

export function ResponseHistory({ siteId }: { siteId: string }) {
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState<WatchHistoryPeriod>('24h');
  const { data, error } = useWatchHistory(siteId, period, open);
  const history = data?.history;
  return (
    <details className="mt-3 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="min-h-11 cursor-pointer content-center font-medium text-brand-700">{text.open}</summary>
      <div className="grid gap-3 pt-2" data-history={period}>
        <SegmentedControl legend="Period" name={`history-${siteId}`} options={periods} value={period} onChange={setPeriod} />
        {/* Read when opened: a closed disclosure says nothing is loading. */}
        {!open ? null : error ? (
          <p className="font-medium text-red-900">{error.message}</p>
        ) : !history ? (
          <p className="text-muted">Loading…</p>
        ) : history.checks === 0 ? (
          <p className="text-muted">{text.noChecks}</p>
        ) : (
          <>
            <Chart history={history} />
            <p className="text-ink" data-history-summary>
              {text.summary(history.checks, history.down, history.medianMs, history.slowestMs)}
            </p>
            {history.incidents.length === 0 ? (
              <p className="text-ink">{text.noIncidents}</p>
            ) : (
              <ol className="grid list-decimal gap-1 pl-5 text-ink" data-history-incidents>
                {history.incidents.map((incident) => (
                  <li key={incident.from}>
                    {text.incident(formatDayAndClock(incident.from), incident.to === null ? null : formatDayAndClock(incident.to), incident.checks)}
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </details>
  );
}

/** The security log: counts per severity for the last 24 hours, a severity filter (a plain GET form) and the events. */
import { adminPaths } from '~/config/admin';
import { type SecurityEvent, type Severity, severities } from '~/lib/admin-types';
import { describeBrowser } from '../user-agent';
import { SecurityEventSummary, severityLabels } from '../labels';
import { buttonClass } from '../ui/button';
import { FilterSelect } from '../ui/filter-select';
import { countText, Pager } from '../ui/pager';

export interface SecurityLogProps {
  events: SecurityEvent[];
  counts: Record<Severity, number>;
  severity: Severity | 'all';
  total: number;
  page: number;
  pages: number;
  /** Only the enquiries the contact form's limit refused. */
  refusedOnly: boolean;
  now: number;
}

export function SecurityLog({ events, counts, severity, total, page, pages, refusedOnly, now }: SecurityLogProps) {
  const href = (p: number) =>
    `${adminPaths.security}?${new URLSearchParams({ ...(severity !== 'all' && { severity }), ...(refusedOnly && { show: 'refused' }), page: String(p) })}`;
  return (
    <div className="grid gap-4">
      <section aria-labelledby="last-day">
        <h2 id="last-day" className="mb-2 text-lg font-semibold text-ink">
          Last 24 hours
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {severities.map((s) => (
            <li key={s} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
              <p className="text-sm text-muted">{severityLabels[s]}</p>
              <p className="text-2xl font-bold text-ink">{counts[s]}</p>
            </li>
          ))}
        </ul>
      </section>
      <form method="get" action={adminPaths.security} className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <FilterSelect
          id="severity"
          label="Severity"
          name="severity"
          value={severity}
          options={severities.map((s) => ({ value: s, label: severityLabels[s] }))}
        />
        <div className="flex min-h-11 items-center gap-2">
          <input id="show-refused" type="checkbox" name="show" value="refused" defaultChecked={refusedOnly} className="size-5" />
          <label htmlFor="show-refused" className="font-medium text-ink">
            Only refused enquiries
          </label>
        </div>
        <button type="submit" className={buttonClass('primary')}>
          Show
        </button>
      </form>
      <p className="text-muted">{countText(total, 'event', 'events', page, pages, 'No events.')}</p>
      <ul className="grid gap-3">
        {events.map((event) => (
          <li key={event.id} className="grid gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <SecurityEventSummary event={event} now={now} />
            <p className="text-sm break-words text-muted" title={event.userAgent ?? undefined}>
              {describeBrowser(event.userAgent)}
            </p>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={href} />
    </div>
  );
}

/**
 * The lead inbox: search and filter (a plain GET form), every enquiry with its type, time, status and e-mail delivery,
 * marking and erasing. Messages are shown as text, never as HTML.
 */
import { adminApi, adminPaths, type LeadStatus, leadStatuses, leadStatusLabels } from '~/config/admin';
import type { Lead } from '~/lib/admin-types';
import { AdminQueryProvider } from '../data/queries';
import { useAdminMutation } from '../data/use-admin-mutation';
import { DeliveryState, LeadStatusBadge } from '../labels';
import { requestLabel } from '~/lib/contact-presets';
import { Button, buttonClass } from '../ui/button';
import { FilterSelect } from '../ui/filter-select';
import { countText, Pager } from '../ui/pager';
import { TimeAgo } from '../ui/time-ago';

export interface InboxProps {
  leads: Lead[];
  total: number;
  page: number;
  pages: number;
  search: string;
  status: LeadStatus | 'all';
  now: number;
}

function pageHref(props: InboxProps, page: number) {
  const params = new URLSearchParams();
  if (props.search) params.set('q', props.search);
  if (props.status !== 'all') params.set('status', props.status);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${adminPaths.leads}?${query}` : adminPaths.leads;
}

/**
 * Marks and erasure, shared by the inbox rows and the single-enquiry page. Every mark is always there in the same
 * order (the current one pressed and disabled), so no button moves when the state changes.
 */
export function LeadActions({ lead, afterDelete }: { lead: Lead; afterDelete: () => void }) {
  const markAs = useAdminMutation<LeadStatus>({
    url: adminApi.lead(lead.id),
    body: (status) => ({ status }),
    failure: 'Not saved',
    // The inbox and the enquiry's page are rendered by the server: read again with the new mark.
    onSuccess: () => window.location.reload(),
  });
  const remove = useAdminMutation({
    url: adminApi.lead(lead.id),
    method: 'DELETE',
    failure: 'Not deleted',
    success: { title: 'Enquiry deleted' },
    onSuccess: afterDelete,
  });
  const busy = markAs.busy || remove.busy;
  const mark = (status: LeadStatus) => markAs.run(status);
  function erase() {
    if (!window.confirm(`Delete the enquiry from ${lead.name} ("${lead.subject}")? This cannot be undone.`)) return;
    void remove.run();
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Mark the enquiry from ${lead.name} as`}>
        <span className="text-sm text-muted" aria-hidden="true">
          Mark as
        </span>
        {leadStatuses.map((status) => (
          <Button
            key={status}
            variant="secondary"
            size="sm"
            aria-pressed={status === lead.status}
            className="aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
            disabled={busy}
            onClick={() => status !== lead.status && mark(status)}
          >
            {leadStatusLabels[status]}
          </Button>
        ))}
      </div>
      <Button variant="danger" size="sm" disabled={busy} onClick={erase}>
        Delete
      </Button>
    </div>
  );
}

function Inbox(props: InboxProps) {
  const { leads, total, page, pages, search, status, now } = props;
  const exportQuery = new URLSearchParams({ ...(search && { q: search }), ...(status !== 'all' && { status }) }).toString();
  return (
    <div className="grid gap-4">
      <form method="get" action={adminPaths.leads} role="search" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <div className="grid min-w-48 flex-1 gap-1">
          <label htmlFor="inbox-search" className="font-medium text-ink">
            Search
          </label>
          <input id="inbox-search" name="q" type="search" defaultValue={search} className="min-h-11 w-full min-w-0 rounded-lg border border-slate-400 px-3" />
        </div>
        <FilterSelect
          id="inbox-status"
          label="Status"
          name="status"
          value={status}
          options={leadStatuses.map((s) => ({ value: s, label: leadStatusLabels[s] }))}
        />
        <button type="submit" className={buttonClass('primary')}>
          Show
        </button>
        <a href={`${adminApi.leadsCsv}${exportQuery ? `?${exportQuery}` : ''}`} className={buttonClass('secondary')} download>
          Export CSV
        </a>
      </form>
      <p className="text-muted" role="status">
        {countText(total, 'enquiry', 'enquiries', page, pages, 'No enquiries match.')}
      </p>
      <ul className="grid gap-3">
        {leads.map((lead) => (
          <li key={lead.id} className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold">
                <a href={adminPaths.lead(lead.id)} className="text-brand-700 underline underline-offset-2">
                  {lead.subject}
                </a>
              </h2>
              <span className="text-sm text-muted">
                <TimeAgo at={lead.receivedAt} now={now} />
              </span>
            </div>
            <p className="break-words text-ink">
              {lead.name} ·{' '}
              <a href={`mailto:${lead.email}`} className="text-brand-700 underline underline-offset-2">
                {lead.email}
              </a>{' '}
              · {requestLabel(lead.requestType)}
            </p>
            <div className="flex flex-wrap items-start gap-2">
              <LeadStatusBadge status={lead.status} />
              <DeliveryState delivery={lead.delivery} now={now} />
            </div>
            <LeadActions lead={lead} afterDelete={() => window.location.reload()} />
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={(p) => pageHref(props, p)} />
    </div>
  );
}

function Detail({ lead, now }: { lead: Lead; now: number }) {
  return (
    <article className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <dl className="grid gap-2 sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-ink">From</dt>
        <dd className="break-words">
          {lead.name} &lt;
          <a href={`mailto:${lead.email}?subject=${encodeURIComponent(`Re: ${lead.subject}`)}`} className="text-brand-700 underline underline-offset-2">
            {lead.email}
          </a>
          &gt;
        </dd>
        <dt className="font-medium text-ink">Request</dt>
        <dd>{requestLabel(lead.requestType)}</dd>
        <dt className="font-medium text-ink">Received</dt>
        <dd>
          <TimeAgo at={lead.receivedAt} now={now} />
        </dd>
        <dt className="font-medium text-ink">Status</dt>
        <dd>
          <LeadStatusBadge status={lead.status} />
        </dd>
        <dt className="font-medium text-ink">E-mail to you</dt>
        <dd>
          <DeliveryState delivery={lead.delivery} now={now} />
        </dd>
      </dl>
      <h2 className="text-lg font-semibold text-ink">Message</h2>
      <p className="rounded-lg bg-slate-50 p-4 break-words whitespace-pre-wrap text-ink" data-lead-message="">
        {lead.message}
      </p>
      <LeadActions lead={lead} afterDelete={() => window.location.assign(adminPaths.leads)} />
    </article>
  );
}

/** The inbox, its writes run through the admin's query client (useAdminMutation). */
export function LeadInbox(props: InboxProps) {
  return (
    <AdminQueryProvider>
      <Inbox {...props} />
    </AdminQueryProvider>
  );
}

/** One enquiry, its writes run through the admin's query client (useAdminMutation). */
export function LeadDetail(props: { lead: Lead; now: number }) {
  return (
    <AdminQueryProvider>
      <Detail {...props} />
    </AdminQueryProvider>
  );
}

/** Overview: enquiries per period against the period before, e-mail trouble first, then the latest activity. */
import { adminPaths, siteUrlMismatchText } from '~/config/admin';
import { formatExact } from '~/lib/format';
import type { OverviewTabData, PeriodCount } from '~/lib/admin-types';
import { requestLabel } from '~/lib/contact-presets';
import { AnalyticsOverview } from '../analytics/AnalyticsOverview';
import { AuditConversionCard } from '../audit/AuditPanels';
import { DeliveryState, LeadStatusBadge, SecurityEventSummary } from '../labels';
import { Card } from '../ui/card';
import { Notice } from '../ui/notice';
import { TimeAgo } from '../ui/time-ago';
import { plural, pluralWord } from '~/lib/plural.mjs';
import { OpenAlerts } from '../watch/AlertsPanel';

function change({ count, previous, hours }: PeriodCount): string {
  const span = hours === 24 ? plural(24, 'hour') : plural(hours / 24, 'day');
  if (count === previous) return `Same as the ${span} before`;
  const difference = count - previous;
  return `${difference > 0 ? '+' : '−'}${Math.abs(difference)} on the ${span} before (${previous})`;
}

export function OverviewPanel({ data }: { data: OverviewTabData }) {
  const { counts, latestLeads, latestEvents, status, now } = data;
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Overview</h2>
      <OpenAlerts alerts={data.openAlerts} now={now} href={adminPaths.tab('alerts')} />
      {status.siteUrlMismatch && <Notice tone="error">{siteUrlMismatchText(status.siteUrlMismatch)}</Notice>}
      {status.mail.waiting > 0 && (
        <Notice tone="error">
          {plural(status.mail.waiting, 'message is', 'messages are')} waiting to be e-mailed
          {status.mail.oldestWaitingAt !== null && <> (the oldest since {formatExact(status.mail.oldestWaitingAt)})</>}.
          {status.mail.smtpConfigured ? ` Last error: ${status.mail.lastError ?? 'none yet'}.` : ' No mail server is configured (SMTP_URL).'} Nothing is lost:
          every enquiry is in the inbox below.
        </Notice>
      )}
      <AnalyticsOverview data={data.analytics} />
      <AuditConversionCard />
      <section aria-labelledby="enquiry-counts">
        <h3 id="enquiry-counts" className="mb-3 text-lg font-semibold text-ink">
          Enquiries
        </h3>
        <ul className="grid gap-4 sm:grid-cols-3">
          {counts.map((period) => (
            <li key={period.hours} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="text-sm font-medium text-muted">{period.label}</p>
              <p className="mt-1 text-3xl font-bold text-ink">{period.count}</p>
              <p className="mt-1 text-sm text-muted">{change(period)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-muted">Enquiries marked as spam are not counted.</p>
        <p className="mt-2 text-ink" data-refused-count={data.refused.count}>
          {data.refused.count === 0 ? 'No' : data.refused.count} {pluralWord(data.refused.count, 'enquiry', 'enquiries')} refused by the sending limit in the
          last {plural(data.refused.days, 'day')}
          {data.refused.count > 0 && (
            <>
              {' '}
              —{' '}
              <a href={adminPaths.refusedEnquiries} className="font-medium text-brand-700 underline underline-offset-2">
                who they were, to call back
              </a>
            </>
          )}
          .
        </p>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          title="Latest enquiries"
          headingLevel={3}
          actions={
            <a href={adminPaths.leads} className="font-medium text-brand-700 underline underline-offset-2">
              All enquiries
            </a>
          }
        >
          {latestLeads.length === 0 ? (
            <p className="text-muted">No enquiries yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {latestLeads.map((lead) => (
                <li key={lead.id} className="grid gap-1 py-3">
                  <a href={adminPaths.lead(lead.id)} className="font-semibold text-brand-700 underline underline-offset-2">
                    {lead.subject}
                  </a>
                  <p className="text-sm text-muted">
                    {lead.name} · {requestLabel(lead.requestType)} · <TimeAgo at={lead.receivedAt} now={now} />
                  </p>
                  <div className="flex flex-wrap items-start gap-2">
                    <LeadStatusBadge status={lead.status} />
                    <DeliveryState delivery={lead.delivery} now={now} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card
          title="Recent security events"
          headingLevel={3}
          actions={
            <a href={adminPaths.security} className="font-medium text-brand-700 underline underline-offset-2">
              Security log
            </a>
          }
        >
          {latestEvents.length === 0 ? (
            <p className="text-muted">No security events recorded.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {latestEvents.map((event) => (
                <li key={event.id} className="grid gap-1 py-3">
                  <SecurityEventSummary event={event} now={now} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}

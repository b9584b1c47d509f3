/** Visitors' free audits: the list on the Testing tab, and the audit's conversion rate on the Overview. */
import { adminPaths } from '~/config/admin';
import { paths } from '~/config/paths';
import type { AuditConversion } from '~/lib/audit-types';
import { useAudits } from '../data/queries';
import { Badge, Card, Notice, ScrollArea, TimeAgo } from '../ui/primitives';
import { plural } from '~/lib/plural.mjs';

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);

export function conversionText(conversion: AuditConversion): string {
  return `${conversion.enquiries} of ${plural(conversion.audits, 'finished audit')} in the last ${plural(conversion.days, 'day')} became an enquiry.`;
}

/** The Overview's card: the free audit's conversion rate, beside the contact form's in the visit statistics. */
export function AuditConversionCard() {
  const { data, error } = useAudits();
  return (
    <Card title="Free SEO audit" headingLevel={3}>
      {error ? (
        <Notice tone="error">{error.message}</Notice>
      ) : !data ? (
        <p role="status" className="text-muted">
          Loading…
        </p>
      ) : (
        <div data-audit-conversion>
          <p className="text-sm font-medium text-muted">Conversion rate</p>
          <p className="mt-1 text-3xl font-bold text-ink">{percent(data.conversion.rate)}</p>
          <p className="mt-1 text-sm text-muted">{conversionText(data.conversion)}</p>
        </div>
      )}
    </Card>
  );
}

/** The Testing tab's list: every site a visitor audited, when, its score and whether it became an enquiry. */
export function AuditList() {
  const { data, error } = useAudits();
  return (
    <Card title="Free audits by visitors">
      {error ? (
        <Notice tone="error">{error.message}</Notice>
      ) : !data ? (
        <p role="status" className="text-muted">
          Loading…
        </p>
      ) : data.audits.length === 0 ? (
        <p className="text-muted">No visitor has run the free audit yet.</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted">{conversionText(data.conversion)} Audits are kept 30 days; each links to the results the visitor saw.</p>
          <ScrollArea label="Free audits">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-muted">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Site
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    When
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Score
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Enquiry
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.audits.map((audit) => (
                  <tr key={audit.id} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3 break-all">
                      <a href={paths.auditResult(audit.id)} className="font-medium text-brand-700 underline underline-offset-2">
                        {audit.site}
                      </a>
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      <TimeAgo at={audit.createdAt} now={data.now} />
                    </td>
                    <td className="py-2 pr-3">
                      {audit.status === 'done' ? (
                        `${audit.score}/100`
                      ) : (
                        <Badge variant={audit.status === 'failed' ? 'bad' : 'info'}>{audit.status === 'failed' ? 'Failed' : 'Running'}</Badge>
                      )}
                    </td>
                    <td className="py-2">
                      {audit.leadId ? (
                        <a href={adminPaths.lead(audit.leadId)} className="text-brand-700 underline underline-offset-2">
                          Yes
                        </a>
                      ) : (
                        'No'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        </>
      )}
    </Card>
  );
}

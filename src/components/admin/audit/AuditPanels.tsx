/** Visitors' free audits: the list on the Testing tab, and the audit's conversion rate on the Overview. */
import { adminPaths } from '~/config/admin';
import { paths } from '~/config/paths';
import type { AuditConversion } from '~/lib/audit-types';
import { useAudits } from '../data/queries';
import { Badge } from '../ui/badge';
import { Card } from '../ui/card';
import { Notice } from '../ui/notice';
import { ScrollArea } from '../ui/scroll-area';
import { TimeAgo } from '../ui/time-ago';
import { plural } from '~/lib/plural.mjs';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';

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
            <Table kind="list">
              <TableHeader>
                <TableRow>
                  <TableHead>Site</TableHead>
                  <TableHead>When</TableHead>
                  <TableHead>Score</TableHead>
                  <TableHead className="pr-0">Enquiry</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.audits.map((audit) => (
                  <TableRow key={audit.id}>
                    <TableCell className="break-all">
                      <a href={paths.auditResult(audit.id)} className="font-medium text-brand-700 underline underline-offset-2">
                        {audit.site}
                      </a>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <TimeAgo at={audit.createdAt} now={data.now} />
                    </TableCell>
                    <TableCell>
                      {audit.status === 'done' ? (
                        `${audit.score}/100`
                      ) : (
                        <Badge variant={audit.status === 'failed' ? 'bad' : 'info'}>{audit.status === 'failed' ? 'Failed' : 'Running'}</Badge>
                      )}
                    </TableCell>
                    <TableCell className="pr-0">
                      {audit.leadId ? (
                        <a href={adminPaths.lead(audit.leadId)} className="text-brand-700 underline underline-offset-2">
                          Yes
                        </a>
                      ) : (
                        'No'
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollArea>
        </>
      )}
    </Card>
  );
}

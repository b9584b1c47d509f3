/**
 * Reports: the monthly client reports, drafted on the set day each month (or made here for any month), reviewed with
 * the client's own view beside the summary, the summary written or drafted by the AI model (every figure it states
 * checked against the report), then approved and sent once; the client's links made and withdrawn; and, per site,
 * whether its report goes without waiting for approval.
 */
import { useState } from 'react';
import { adminApi } from '~/config/admin';
import type { ReportListItem, ReportsAnswer } from '~/lib/report-types';
import { post } from '../data/post';
import { adminKeys, useQueryClient, useReports } from '../data/queries';
import { Badge } from '../ui/badge';
import { Card } from '../ui/card';
import { TimeAgo } from '../ui/time-ago';
import { failed, statusLabel } from './report-ui';
import { MakeReport } from './MakeReport';
import { ReportDetail } from './ReportDetail';
import { AddressText } from '~/components/ui/AddressText';

function Sites({ sites }: { sites: ReportsAnswer['sites'] }) {
  const queryClient = useQueryClient();
  async function choose(site: string, on: boolean) {
    const { body } = await post(adminApi.reports.autoSend, { site, on: String(on) });
    if (!body.ok) failed('Not changed', body);
    await queryClient.invalidateQueries({ queryKey: adminKeys.reports });
  }
  return (
    <Card title="Sites">
      <ul className="grid gap-3">
        {sites.map((site) => (
          <li key={site.key} className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 pb-3 last:border-0">
            <div className="min-w-0">
              <p className="font-semibold text-ink">{site.name}</p>
              <p className="text-sm text-muted">
                {site.clientName} · {site.clientEmail ? <AddressText text={site.clientEmail} /> : 'no client e-mail'}
              </p>
            </div>
            <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                className="size-5"
                checked={site.autoSend}
                disabled={!site.clientEmail}
                onChange={(e) => void choose(site.key, e.target.checked)}
              />
              Send each month without waiting for approval<span className="sr-only"> ({site.name})</span>
            </label>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ReportList({ reports, now, selected, onSelect }: { reports: ReportListItem[]; now: number; selected: string | null; onSelect: (id: string) => void }) {
  return (
    <Card title="Reports">
      {reports.length === 0 ? (
        <p className="text-muted">No reports yet.</p>
      ) : (
        // A list rather than a table: on a phone each report keeps its line, nothing squeezed into narrow columns.
        <ul className="grid divide-y divide-slate-100">
          {reports.map((report) => (
            <li key={report.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <button
                type="button"
                className="min-h-11 text-left font-semibold text-brand-700 underline underline-offset-2"
                aria-current={report.id === selected ? 'true' : undefined}
                onClick={() => onSelect(report.id)}
              >
                {report.siteName}, {report.period.label}
              </button>
              <Badge variant={statusLabel[report.status].variant}>{statusLabel[report.status].label}</Badge>
              <span className="text-sm text-muted">
                Made <TimeAgo at={report.createdAt} now={now} />
                {report.recipient && report.sentAt !== null && (
                  <>
                    {' '}
                    · sent to <AddressText text={report.recipient} /> <TimeAgo at={report.sentAt} now={now} />
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function ReportsPanel({ initial, now, aiMissing }: { initial: ReportsAnswer; now: number; aiMissing: string[] }) {
  const queryClient = useQueryClient();
  const { data } = useReports(initial);
  const [selected, setSelected] = useState<string | null>(initial.reports[0]?.id ?? null);
  return (
    // One column as wide as the tab, whatever a card holds (an auto column grows to its widest unbreakable content).
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <h2 className="sr-only">Reports</h2>
      <MakeReport
        sites={data.sites}
        now={now}
        onMade={async (id) => {
          await queryClient.invalidateQueries({ queryKey: adminKeys.reports });
          await queryClient.invalidateQueries({ queryKey: adminKeys.report(id) });
          setSelected(id);
        }}
      />
      <ReportList reports={data.reports} now={now} selected={selected} onSelect={setSelected} />
      {selected && <ReportDetail key={selected} id={selected} now={now} aiMissing={aiMissing} />}
      <Sites sites={data.sites} />
    </div>
  );
}

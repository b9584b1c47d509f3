/**
 * Reports: the monthly client reports, drafted on the set day each month (or made here for any month), reviewed with
 * the client's own view beside the summary, the summary written or drafted by the AI model (every figure it states
 * checked against the report), then approved and sent once; the client's links made and withdrawn; and, per site,
 * whether its report goes without waiting for approval.
 */
import { type SubmitEvent, useState } from 'react';
import { adminApi } from '~/config/admin';
import { reportContents, reportLimits } from '~/config/report';
import { toast } from '~/lib/toast';
import type { ReportDoneAnswer, ReportListItem, ReportsAnswer } from '~/lib/report-types';
import { post } from '../data/post';
import { adminKeys, useQueryClient, useReports } from '../data/queries';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { TextAreaField } from '../ui/text-area-field';
import { TimeAgo } from '../ui/time-ago';
import { failed, statusLabel } from './report-ui';
import { MakeReport } from './MakeReport';
import { ReportDetail } from './ReportDetail';
import { AddressText } from '~/components/ui/AddressText';

type SiteItem = ReportsAnswer['sites'][number];

/** Whom a site's report greets and goes to, and which parts its client gets (the e-mail, PDF and link page alike). */
function SiteSettings({ site }: { site: SiteItem }) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const { body } = await post<ReportDoneAnswer>(adminApi.reports.siteSettings, {
      site: site.key,
      contactName: String(form.get('contactName') ?? ''),
      recipients: String(form.get('recipients') ?? ''),
      contents: form.getAll('contents').map(String),
    });
    setBusy(false);
    if (!body.ok && body.errors) return setErrors(body.errors);
    if (!body.ok) return failed('Not saved', body);
    setErrors({});
    toast({ title: 'Report settings saved', description: body.message, variant: 'success' });
    await queryClient.invalidateQueries({ queryKey: adminKeys.reports });
  }
  return (
    <details className="w-full">
      <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-700">
        Contact, recipients and contents<span className="sr-only"> ({site.name})</span>
      </summary>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-2 grid gap-3" aria-label={`Report settings of ${site.name}`}>
        <Field
          label="Contact’s name (greeted in the e-mail)"
          name="contactName"
          defaultValue={site.contactName ?? ''}
          error={errors.contactName}
          autoComplete="off"
        />
        <TextAreaField
          label="Send to"
          name="recipients"
          rows={3}
          defaultValue={site.recipients.join('\n')}
          error={errors.recipients}
          hint={`One address a line, at most ${reportLimits.recipientsMax}.${site.thisSite ? '' : ' None: the client e-mail set in Sites.'}`}
        />
        <fieldset className="grid gap-1">
          <legend className="font-medium text-ink">The client gets</legend>
          {reportContents.map((part) => (
            <label key={part.id} className="flex min-h-11 items-center gap-2 text-sm text-ink">
              <input type="checkbox" name="contents" value={part.id} defaultChecked={site.contents.includes(part.id)} className="size-5" />
              {part.label}
            </label>
          ))}
          {errors.contents && <p className="text-sm font-medium text-red-800">{errors.contents}</p>}
        </fieldset>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save report settings'}
          </Button>
        </div>
      </form>
    </details>
  );
}

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
                {site.contactName ?? site.clientName} · {site.recipients.length ? <AddressText text={site.recipients.join(', ')} /> : 'no client e-mail'}
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
            <SiteSettings site={site} />
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

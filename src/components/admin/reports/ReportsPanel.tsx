/**
 * Reports: the monthly client reports, drafted on the set day each month (or made here for any month), reviewed with
 * the client's own view beside the summary, the summary written or drafted by the AI model (every figure it states
 * checked against the report), then approved and sent once; the client's links made and withdrawn; and, per site,
 * whether its report goes without waiting for approval.
 */
import { type SubmitEvent, useId, useState } from 'react';
import { adminApi } from '~/config/admin';
import { reportSchedule } from '~/config/report';
import { formatExact } from '~/lib/format';
import { makeReportForm } from '~/lib/report-forms';
import type { ReportLinkAnswer, ReportListItem, ReportStatus, ReportsAnswer, ReportSummaryDraftAnswer, ReportView } from '~/lib/report-types';
import { toast } from '~/lib/toast';
import { ClientReport } from '~/components/sections/ClientReport';
import { post } from '../data/post';
import type { AdminRefusal } from '~/lib/admin-types';
import { adminKeys, useQueryClient, useReport, useReports } from '../data/queries';
import { Badge, type BadgeVariant } from '../ui/badge';
import { Button, buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { Notice } from '../ui/notice';
import { SegmentedControl } from '../ui/segmented-control';
import { TextAreaField } from '../ui/text-area-field';
import { TimeAgo } from '../ui/time-ago';

const statusLabel: Record<ReportStatus, { label: string; variant: BadgeVariant }> = {
  draft: { label: 'Draft', variant: 'warn' },
  sent: { label: 'Sent', variant: 'good' },
};

const failed = (title: string, body: AdminRefusal) =>
  toast({
    title,
    description: body.error ?? (body.errors ? Object.values(body.errors).join(' ') : ''),
    variant: 'destructive',
  });

function previousMonth(now: number): string {
  const date = new Date(now);
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 7);
}

/** A date input with its label and error, tied together for screen readers. */
function DateInput({
  id,
  name,
  label,
  type,
  defaultValue,
  error,
}: {
  id: string;
  name: string;
  label: string;
  type: 'month' | 'date';
  defaultValue: string;
  error?: string;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-ink"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

const spans = [
  { id: 'month', label: 'A month' },
  { id: 'days', label: 'Other days' },
] as const;

function MakeReport({ sites, now, onMade }: { sites: ReportsAnswer['sites']; now: number; onMade: (id: string) => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [preparing, setPreparing] = useState(false);
  async function prepare() {
    setPreparing(true);
    const { body } = await post<{ ok: true; message: string }>(adminApi.reports.prepare);
    setPreparing(false);
    if (!body.ok) return failed('Not prepared', body);
    toast({ title: 'Reports prepared', description: String(body.message), variant: 'success' });
    await queryClient.invalidateQueries({ queryKey: adminKeys.reports });
  }
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [span, setSpan] = useState<(typeof spans)[number]['id']>('month');
  const lastMonth = previousMonth(now);
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const checked = makeReportForm.safeParse(
      span === 'month' ? { site: fields.site, month: fields.month } : { site: fields.site, from: fields.from, to: fields.to },
    );
    if (!checked.success) return setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path.at(-1)), i.message])));
    setErrors({});
    setBusy(true);
    const { body } = await post<{ ok: true; id: string }>(adminApi.reports.list, checked.data);
    setBusy(false);
    if (!body.ok && body.errors) return setErrors(body.errors);
    if (!body.ok) return failed('Report not made', body);
    onMade(String(body.id));
  }
  return (
    <Card title="Make a report">
      <p className="mb-3 text-sm text-muted">
        Last month’s report of every site is drafted on day {reportSchedule.dayOfMonth} of each month and you are e-mailed. Make one here for any month (a
        month’s draft is read again) or any other days.
      </p>
      <form onSubmit={submit} noValidate className="grid gap-3">
        <div className="w-fit">
          <SegmentedControl legend="Period" name="span" options={spans} value={span} onChange={setSpan} />
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <label htmlFor={`${ids}-site`} className="font-medium text-ink">
              Site
            </label>
            <select
              id={`${ids}-site`}
              name="site"
              className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-ink"
              aria-invalid={errors.site ? true : undefined}
              aria-describedby={errors.site ? `${ids}-site-error` : undefined}
            >
              {sites.map((site) => (
                <option key={site.key} value={site.key}>
                  {site.name}
                </option>
              ))}
            </select>
            {errors.site && (
              <p id={`${ids}-site-error`} className="text-sm font-medium text-red-800">
                {errors.site}
              </p>
            )}
          </div>
          {span === 'month' ? (
            <DateInput id={`${ids}-month`} name="month" label="Month" type="month" defaultValue={lastMonth} error={errors.month} />
          ) : (
            <>
              <DateInput id={`${ids}-from`} name="from" label="First day" type="date" defaultValue={`${lastMonth}-01`} error={errors.from} />
              <DateInput id={`${ids}-to`} name="to" label="Last day" type="date" defaultValue={`${lastMonth}-15`} error={errors.to} />
            </>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? 'Making…' : 'Make report'}
          </Button>
        </div>
      </form>
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
        <Button variant="secondary" disabled={preparing} onClick={() => void prepare()}>
          {preparing ? 'Preparing…' : 'Prepare last month’s drafts now'}
        </Button>
        <p className="text-sm text-muted">As the schedule does: every site’s report, once.</p>
      </div>
    </Card>
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
            <div>
              <p className="font-semibold text-ink">{site.name}</p>
              <p className="text-sm text-muted">
                {site.clientName} · {site.clientEmail ?? 'no client e-mail'}
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
                    · sent to <span className="break-all">{report.recipient}</span> <TimeAgo at={report.sentAt} now={now} />
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

function Summary({ report, aiMissing, onSaved }: { report: ReportView; aiMissing: string[]; onSaved: () => Promise<void> }) {
  const [text, setText] = useState(report.summary);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<'save' | 'draft' | null>(null);
  const sent = report.status === 'sent';
  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy('save');
    const { body } = await post(adminApi.reports.action(report.id, 'summary'), { summary: text });
    setBusy(null);
    const errors = body.ok ? undefined : body.errors;
    if (errors?.summary) return setError(errors.summary);
    if (!body.ok) return failed('Summary not saved', body);
    setError(undefined);
    toast({ title: 'Summary saved', variant: 'success' });
    await onSaved();
  }
  async function draft() {
    setBusy('draft');
    const { body } = await post<ReportSummaryDraftAnswer>(adminApi.reports.action(report.id, 'draft-summary'));
    setBusy(null);
    if (!body.ok) return failed('No draft', body);
    const answer = body as unknown as ReportSummaryDraftAnswer;
    setText(answer.summary);
    setError(answer.problems.length ? `The draft states figures the report does not hold: ${answer.problems.join(', ')}.` : undefined);
  }
  return (
    <form onSubmit={save} className="grid gap-3">
      <TextAreaField
        label="Summary for the client"
        name="summary"
        rows={6}
        value={text}
        readOnly={sent}
        onChange={(e) => setText(e.target.value)}
        error={error ?? (report.summaryProblems.length ? `Figures not in the report: ${report.summaryProblems.join(', ')}.` : undefined)}
        hint="Every figure it states must be one the report shows."
      />
      {!sent && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy !== null}>
            {busy === 'save' ? 'Saving…' : 'Save summary'}
          </Button>
          <Button variant="secondary" disabled={busy !== null || aiMissing.length > 0} onClick={() => void draft()}>
            {busy === 'draft' ? 'Drafting…' : 'Draft with AI'}
          </Button>
          {aiMissing.length > 0 && <p className="self-center text-sm text-muted">The AI generator needs {aiMissing.join(', ')}.</p>}
        </div>
      )}
    </form>
  );
}

function Links({ report, now, onChange }: { report: ReportView; now: number; onChange: () => Promise<void> }) {
  const [made, setMade] = useState<string | null>(null);
  const ids = useId();
  async function make() {
    const { body } = await post<ReportLinkAnswer>(adminApi.reports.action(report.id, 'link'));
    if (!body.ok) return failed('No link made', body);
    setMade((body as unknown as ReportLinkAnswer).url);
    await onChange();
  }
  async function withdraw(id: string) {
    const { body } = await post(adminApi.reports.link(report.id, id), {}, 'DELETE');
    if (!body.ok) return failed('Not withdrawn', body);
    toast({ title: 'Link withdrawn', variant: 'success' });
    await onChange();
  }
  return (
    <section aria-labelledby={`${ids}-links`} className="grid gap-2">
      <h3 id={`${ids}-links`} className="font-semibold text-ink">
        Client links
      </h3>
      {report.links.length === 0 ? (
        <p className="text-sm text-muted">No link yet: sending makes one, or make one here.</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {report.links.map((link) => {
            const state = link.revokedAt !== null ? 'Withdrawn' : link.expiresAt <= now ? 'Expired' : `Expires ${formatExact(link.expiresAt)}`;
            return (
              <li key={link.id} className="flex flex-wrap items-center gap-2">
                <span className="text-ink">
                  Made <TimeAgo at={link.createdAt} now={now} /> · {state}
                </span>
                {link.revokedAt === null && link.expiresAt > now && (
                  <Button size="sm" variant="secondary" onClick={() => void withdraw(link.id)}>
                    Withdraw
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="secondary" onClick={() => void make()}>
          Make a new link
        </Button>
      </div>
      {made && (
        <div className="grid gap-1">
          <label htmlFor={`${ids}-made`} className="text-sm font-medium text-ink">
            New link (shown once: copy it now)
          </label>
          <input
            id={`${ids}-made`}
            readOnly
            value={made}
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 font-mono text-sm"
            onFocus={(e) => e.target.select()}
          />
        </div>
      )}
    </section>
  );
}

function ReportDetail({ id, now, aiMissing }: { id: string; now: number; aiMissing: string[] }) {
  const queryClient = useQueryClient();
  const { data, error } = useReport(id);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.report(id) }), queryClient.invalidateQueries({ queryKey: adminKeys.reports })]);
  };
  if (error) return <Notice tone="error">{error.message}</Notice>;
  if (!data)
    return (
      <p role="status" className="text-muted">
        Loading…
      </p>
    );
  const report = data.report;
  const sent = report.status === 'sent';
  async function act(action: 'approve' | 'refresh') {
    setBusy(true);
    const { body } = await post<{ ok: true; message?: string }>(adminApi.reports.action(report.id, action));
    setBusy(false);
    setConfirming(false);
    if (!body.ok) return failed(action === 'approve' ? 'Not sent' : 'Not read again', body);
    toast({ title: action === 'approve' ? 'Report sent' : 'Figures read again', description: String(body.message ?? ''), variant: 'success' });
    await refresh();
  }
  return (
    <Card
      title={`${report.data.site.name}, ${report.data.period.label}`}
      actions={<Badge variant={statusLabel[report.status].variant}>{statusLabel[report.status].label}</Badge>}
    >
      <div className="grid gap-6">
        <p className="text-sm text-muted">
          {sent ? (
            <>
              Sent to {report.recipient} <TimeAgo at={report.sentAt!} now={now} />. Kept as it was sent.
            </>
          ) : (
            <>
              Figures read <TimeAgo at={report.data.generatedAt} now={now} />. It goes to {report.data.site.clientEmail ?? 'nobody yet (no client e-mail)'}.
            </>
          )}
        </p>
        <Summary key={`${report.id}-${report.updatedAt}`} report={report} aiMissing={aiMissing} onSaved={refresh} />
        <div className="flex flex-wrap gap-2">
          <a className={buttonClass('secondary')} href={adminApi.reports.pdf(report.id)}>
            Download PDF
          </a>
          {!sent && (
            <Button variant="secondary" disabled={busy} onClick={() => void act('refresh')}>
              Read figures again
            </Button>
          )}
          {!sent && !confirming && (
            <Button disabled={busy || !report.data.site.clientEmail} onClick={() => setConfirming(true)}>
              Approve and send
            </Button>
          )}
          {!sent && confirming && (
            <>
              <Button disabled={busy} onClick={() => void act('approve')}>
                {busy ? 'Sending…' : `Send to ${report.data.site.clientEmail}`}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </>
          )}
        </div>
        <Links report={report} now={now} onChange={refresh} />
        <section aria-label="What the client sees" className="rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-5">
          <ClientReport data={report.data} summary={report.summary} titleLevel={3} />
        </section>
      </div>
    </Card>
  );
}

export function ReportsPanel({ initial, now, aiMissing }: { initial: ReportsAnswer; now: number; aiMissing: string[] }) {
  const queryClient = useQueryClient();
  const { data } = useReports(initial);
  const [selected, setSelected] = useState<string | null>(initial.reports[0]?.id ?? null);
  return (
    <div className="grid gap-6">
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

/** One report: the client's view beside its summary (written or drafted by AI), its links, approve and send. */
import { type SubmitEvent, useId, useState } from 'react';
import { adminApi } from '~/config/admin';
import { formatExact } from '~/lib/format';
import type { ReportLinkAnswer, ReportSummaryDraftAnswer, ReportView } from '~/lib/report-types';
import { ClientReport } from '~/components/sections/ClientReport';
import { AddressText } from '~/components/ui/AddressText';
import { useAdminMutation } from '../data/use-admin-mutation';
import { adminKeys, useQueryClient, useReport } from '../data/queries';
import { Badge } from '../ui/badge';
import { Button, buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { Input } from '../ui/input';
import { Notice } from '../ui/notice';
import { TextAreaField } from '../ui/text-area-field';
import { TimeAgo } from '../ui/time-ago';
import { failed, statusLabel } from './report-ui';
function Summary({ report, aiMissing, onSaved }: { report: ReportView; aiMissing: string[]; onSaved: () => Promise<void> }) {
  const [text, setText] = useState(report.summary);
  const [error, setError] = useState<string | undefined>(undefined);
  const sent = report.status === 'sent';
  const saveSummary = useAdminMutation<{ summary: string }>({
    url: adminApi.reports.action(report.id, 'summary'),
    failure: 'Summary not saved',
    success: { title: 'Summary saved' },
    onSuccess: async () => {
      setError(undefined);
      await onSaved();
    },
    // The summary's own message goes on its field.
    onRefused: (refused) => {
      const message = 'errors' in refused.refusal ? refused.refusal.errors?.summary : undefined;
      if (message) setError(message);
      return message !== undefined;
    },
  });
  const draftSummary = useAdminMutation<void, ReportSummaryDraftAnswer>({
    url: adminApi.reports.action(report.id, 'draft-summary'),
    failure: 'No draft',
    onSuccess: (answer) => {
      setText(answer.summary);
      setError(answer.problems.length ? `The draft states figures the report does not hold: ${answer.problems.join(', ')}.` : undefined);
    },
  });
  const busy = saveSummary.busy ? 'save' : draftSummary.busy ? 'draft' : null;
  function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void saveSummary.run({ summary: text });
  }
  const draft = () => draftSummary.run();
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
  // Withdrawing cannot be undone (the client's link stops working), so it is asked twice.
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const ids = useId();
  const makeLink = useAdminMutation<void, ReportLinkAnswer>({
    url: adminApi.reports.action(report.id, 'link'),
    failure: 'No link made',
    onSuccess: async (answer) => {
      setMade(answer.url);
      await onChange();
    },
  });
  const withdrawLink = useAdminMutation<string>({
    url: (linkId) => adminApi.reports.link(report.id, linkId),
    method: 'DELETE',
    body: () => ({}),
    failure: 'Not withdrawn',
    success: { title: 'Link withdrawn' },
    onSuccess: onChange,
  });
  const make = () => makeLink.run();
  function withdraw(linkId: string) {
    setWithdrawing(null);
    return withdrawLink.run(linkId);
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
                {link.revokedAt === null && link.expiresAt > now && withdrawing !== link.id && (
                  <Button size="sm" variant="secondary" onClick={() => setWithdrawing(link.id)}>
                    Withdraw
                  </Button>
                )}
                {link.revokedAt === null && link.expiresAt > now && withdrawing === link.id && (
                  <>
                    <span className="text-ink">The client will no longer be able to open it.</span>
                    <Button size="sm" variant="danger" onClick={() => void withdraw(link.id)}>
                      Withdraw the link
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => setWithdrawing(null)}>
                      Cancel
                    </Button>
                  </>
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
          <Input id={`${ids}-made`} readOnly value={made} font="mono" onFocus={(e) => e.target.select()} />
        </div>
      )}
    </section>
  );
}

export function ReportDetail({ id, now, aiMissing }: { id: string; now: number; aiMissing: string[] }) {
  const queryClient = useQueryClient();
  const { data, error } = useReport(id);
  const [confirming, setConfirming] = useState(false);
  const changed = [adminKeys.report(id), adminKeys.reports];
  const refresh = async () => {
    await Promise.all(changed.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  const action = useAdminMutation<'approve' | 'refresh', { ok: true; message?: string }>({
    url: (which) => adminApi.reports.action(id, which),
    body: () => ({}),
    failure: 'Not done',
    success: (answer, which) => ({ title: which === 'approve' ? 'Report sent' : 'Figures read again', description: answer.message ?? '' }),
    invalidates: changed,
    onSuccess: () => setConfirming(false),
    onRefused: (refused, which) => {
      setConfirming(false);
      failed(which === 'approve' ? 'Not sent' : 'Not read again', refused.refusal);
      return true;
    },
  });
  const busy = action.busy;
  if (error) return <Notice tone="error">{error.message}</Notice>;
  if (!data)
    return (
      <p role="status" className="text-muted">
        Loading…
      </p>
    );
  const report = data.report;
  const sent = report.status === 'sent';
  const act = (which: 'approve' | 'refresh') => action.run(which);
  return (
    <Card
      title={`${report.data.site.name}, ${report.data.period.label}`}
      actions={<Badge variant={statusLabel[report.status].variant}>{statusLabel[report.status].label}</Badge>}
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <p className="text-sm text-muted">
          {sent ? (
            <>
              Sent to <AddressText text={report.recipient ?? ''} /> <TimeAgo at={report.sentAt!} now={now} />. Kept as it was sent.
            </>
          ) : (
            <>
              Figures read <TimeAgo at={report.data.generatedAt} now={now} />. It goes to{' '}
              {report.data.site.recipients.length ? <AddressText text={report.data.site.recipients.join(', ')} /> : 'nobody yet (no client e-mail)'}.
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
            <Button disabled={busy || report.data.site.recipients.length === 0} onClick={() => setConfirming(true)}>
              Approve and send
            </Button>
          )}
          {!sent && confirming && (
            <>
              <Button disabled={busy} onClick={() => void act('approve')}>
                {busy ? 'Sending…' : <AddressText text={`Send to ${report.data.site.recipients.join(', ')}`} />}
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

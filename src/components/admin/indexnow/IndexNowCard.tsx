/**
 * Settings → IndexNow: whether submissions are on (and why not), the owner's switch (unless the server's settings
 * decide), the last run, the last 50 submissions with the
 * endpoint's answers, "Submit changed pages now" and "Submit this URL". A run goes on in the background on the
 * server; this card asks for the result (useIndexNowOverview) until it is there.
 */
import { type SubmitEvent, useEffect, useId, useState } from 'react';
import { adminApi, indexNowOffText, indexNowSwitchText } from '~/config/admin';
import { indexNowUrlForm } from '~/lib/admin-forms';
import type { IndexNowOverview, IndexNowRunAnswer, IndexNowSubmission, IndexNowSwitchAnswer } from '~/lib/admin-types';
import { post } from '../data/post';
import { useAdminForm } from '../data/use-admin-form';
import { toast } from '~/lib/toast';
import { adminKeys, indexNowRunEnded, useIndexNowOverview, useQueryClient } from '../data/queries';
import { Badge, type BadgeVariant } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { DetailRow } from '../ui/detail-row';
import { Field } from '../ui/field';
import { TimeAgo } from '../ui/time-ago';
import { plural } from '~/lib/plural.mjs';

/** A run waits at most a few minutes between retries; the card stops asking after this long. */
const pollLimitMs = 15 * 60_000;

const triggerLabels: Record<string, string> = {
  start: 'server start',
  command: 'npm run indexnow',
  admin: 'changed pages, from here',
  'admin-url': 'one URL, from here',
  post: 'a post published, changed or unpublished',
};

const outcomeBadges: Record<string, { label: string; variant: BadgeVariant }> = {
  accepted: { label: 'Accepted', variant: 'good' },
  rejected: { label: 'Refused', variant: 'bad' },
  failed: { label: 'Failed', variant: 'bad' },
  nothing: { label: 'Nothing to submit', variant: 'neutral' },
  stopped: { label: 'Stopped', variant: 'warn' },
};

function OutcomeBadge({ outcome }: { outcome: string }) {
  const badge = outcomeBadges[outcome] ?? { label: outcome, variant: 'neutral' as const };
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

function SubmissionItem({ submission, now }: { submission: IndexNowSubmission; now: number }) {
  return (
    <li className="grid gap-1 py-3">
      <p className="flex flex-wrap items-center gap-2">
        <OutcomeBadge outcome={submission.outcome} />
        <span className="font-medium text-ink">{plural(submission.urlCount, 'URL', 'URLs')}</span>
        <span className="text-sm text-muted">
          <TimeAgo at={submission.at} now={now} /> · {triggerLabels[submission.trigger] ?? submission.trigger} ·{' '}
          {submission.status === null ? 'no answer' : `HTTP ${submission.status}`} · {plural(submission.attempts, 'try', 'tries')}
        </span>
      </p>
      <p className="text-sm text-muted">{submission.message}</p>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700">Show the URLs</summary>
        <ul className="mt-1 grid gap-0.5 break-all text-muted">
          {submission.urls.map((url) => (
            <li key={url}>{url}</li>
          ))}
          {submission.urlCount > submission.urls.length && <li>… and {submission.urlCount - submission.urls.length} more</li>}
        </ul>
      </details>
    </li>
  );
}

export function IndexNowCard({ initial, now: initialNow }: { initial: IndexNowOverview; now: number }) {
  /** When the run being followed was asked for; null when none is. */
  const [following, setFollowing] = useState<number | null>(null);
  const [switching, setSwitching] = useState(false);
  const switchNoteId = useId();
  const queryClient = useQueryClient();
  const { data } = useIndexNowOverview({ ok: true, overview: initial, now: initialNow }, following);
  const { overview, now } = data;
  const ended = following !== null && indexNowRunEnded(data, following);
  const waiting = following !== null && !ended;

  // The run asked for has ended: say how it went.
  const endedRun = ended ? overview.lastRun : null;
  useEffect(() => {
    if (!endedRun) return;
    const good = endedRun.outcome === 'accepted' || endedRun.outcome === 'nothing';
    toast({
      title: endedRun.outcome === 'nothing' ? 'Nothing to submit' : good ? 'Submitted to IndexNow' : 'IndexNow submission failed',
      description: endedRun.message,
      variant: good ? 'success' : 'destructive',
    });
  }, [endedRun]);

  // A run that never reports back (the server went away) is not waited for for ever.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setFollowing(null), pollLimitMs);
    return () => clearTimeout(timer);
  }, [waiting]);

  /** A run asked for: followed until it ends. */
  async function start(url: string) {
    const { body } = await post<IndexNowRunAnswer>(url);
    if (body.ok) setFollowing(body.requestedAt);
    else toast({ title: 'Not submitted', description: body.error ?? '', variant: 'destructive' });
  }

  async function flip(on: boolean) {
    setSwitching(true);
    const { status, body: answer } = await post<IndexNowSwitchAnswer>(adminApi.indexNowSwitch, { on: on ? 'on' : 'off' });
    setSwitching(false);
    if (status !== 200 || !answer.ok) return toast({ title: 'Not switched', description: answer.ok ? '' : (answer.error ?? ''), variant: 'destructive' });
    queryClient.setQueryData(adminKeys.indexNow, { ok: true, now: answer.now, overview: answer.overview });
    // Switched on, the site's pages are being submitted: followed as a run asked for here.
    if (answer.requestedAt !== null) setFollowing(answer.requestedAt);
    toast({ title: on ? indexNowSwitchText.switchedOn : indexNowSwitchText.switchedOff, variant: 'success' });
  }

  const urlForm = useAdminForm();
  const urlError = urlForm.errors.url;
  const submitUrl = (event: SubmitEvent<HTMLFormElement>) =>
    urlForm.submit(event, {
      schema: indexNowUrlForm,
      url: adminApi.indexNowUrl,
      onSuccess: (answer: IndexNowRunAnswer, form) => {
        setFollowing(answer.requestedAt);
        form.reset();
      },
      onRefused: (refusal) =>
        refusal.errors ? urlForm.setErrors(refusal.errors) : toast({ title: 'Not submitted', description: refusal.error ?? '', variant: 'destructive' }),
    });

  const off = overview.off !== null;
  const busy = waiting || overview.running;
  const run = overview.lastRun;
  return (
    <Card title="Search engines (IndexNow)" headingLevel={3}>
      <p className="text-sm text-muted">
        Pages whose content changed since they were last submitted, and pages that left the sitemap, are sent to IndexNow on every server start, so Bing, Yandex
        and the other participating engines recrawl them soon.
      </p>
      <dl className="mt-2 divide-y divide-slate-100">
        <DetailRow label="Status">
          {off ? (
            <>
              <Badge variant="neutral">Off</Badge> {indexNowOffText[overview.off!].reason}
              <span className="mt-1 block" data-indexnow-how-to>
                {indexNowOffText[overview.off!].howTo}
              </span>
            </>
          ) : (
            <>
              <Badge variant="good">On</Badge> submitting to {overview.endpointHost}
            </>
          )}
        </DetailRow>
        <DetailRow label="Key file">
          {overview.keyLocation ? (
            <a href={overview.keyLocation} className="break-all text-brand-700 underline">
              {overview.keyLocation}
            </a>
          ) : (
            'None: the site publishes one while IndexNow is switched on.'
          )}
        </DetailRow>
        <DetailRow label="Pages submitted">{plural(overview.trackedPages, 'page', 'pages')} with their current content</DetailRow>
        <DetailRow label="Last run">
          {run ? (
            <span className="grid gap-1">
              <span className="flex flex-wrap items-center gap-2">
                <OutcomeBadge outcome={run.outcome} />
                <span>
                  <TimeAgo at={run.startedAt} now={now} /> · {triggerLabels[run.trigger] ?? run.trigger}
                </span>
              </span>
              <span>
                {run.trigger === 'admin-url' || run.trigger === 'post'
                  ? `${plural(run.changed, 'URL', 'URLs')} asked for`
                  : `${plural(run.changed, 'new or changed page', 'new or changed pages')}, ${plural(run.removed, 'removed page', 'removed pages')}`}
                , {plural(run.sent, 'URL', 'URLs')} accepted. {run.message}
              </span>
            </span>
          ) : (
            'None yet'
          )}
        </DetailRow>
      </dl>

      <div className="mt-4 grid gap-4">
        <div className="flex flex-wrap items-center gap-3" data-indexnow-switch={overview.switchedBy ?? 'off'}>
          <Button
            variant={overview.switchedBy === null ? 'primary' : 'secondary'}
            disabled={switching || overview.switchedBy === 'server'}
            aria-describedby={switchNoteId}
            onClick={() => void flip(overview.switchedBy === null)}
          >
            {overview.switchedBy === null ? indexNowSwitchText.turnOn : indexNowSwitchText.turnOff}
          </Button>
          <p id={switchNoteId} className="min-w-0 flex-1 basis-64 text-sm text-muted">
            {indexNowSwitchText[overview.switchedBy ?? 'off']}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button disabled={off || busy} onClick={() => void start(adminApi.indexNow)}>
            {busy ? 'Submitting…' : 'Submit changed pages now'}
          </Button>
          <p role="status" className="text-sm text-muted">
            {busy ? 'A submission is in progress; its result appears here when it ends.' : ''}
          </p>
        </div>
        <form method="post" onSubmit={submitUrl} noValidate className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <Field
            label="Submit this URL"
            name="url"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="/services"
            hint={`A path such as /services or a full address on ${new URL(overview.siteOrigin).host}; sent whether or not the page changed.`}
            error={urlError}
            disabled={off || busy}
          />
          <Button type="submit" variant="secondary" disabled={off || busy} className={urlError ? 'sm:mb-7' : ''}>
            Submit URL
          </Button>
        </form>
      </div>

      <h4 className="mt-6 font-semibold text-ink">Last submissions</h4>
      {overview.submissions.length === 0 ? (
        <p className="text-muted">None yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {overview.submissions.map((submission) => (
            <SubmissionItem key={submission.id} submission={submission} now={now} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * Testing: SEO site checks of this site or any address the owner types — the audit sold as a "Free SEO Audit".
 * A run goes on in the background on the server; this tab shows its progress (asking every second), lets it be
 * cancelled, then shows its report (./report.tsx). Reports download as CSV or JSON.
 */
import { type SubmitEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { adminApi, siteCheckText } from '~/config/admin';
import { siteCheckForm } from '~/lib/admin-forms';
import type { SiteCheckRun, SiteCheckStartAnswer } from '~/lib/admin-types';
import { post } from '../data/post';
import { useAdminForm } from '../data/use-admin-form';
import { checkDefaults } from '~/lib/sitecheck-rules.mjs';
import { toast } from '~/lib/toast';
import { adminKeys, useQueryClient, useSiteCheck, useSiteCheckRuns } from '../data/queries';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { Notice } from '../ui/notice';
import { TimeAgo } from '../ui/time-ago';
import { RunDetail, statusBadge } from './report';
import { plural } from '~/lib/plural.mjs';

export function SiteCheckPanel({ initialRuns, siteOrigin, now: initialNow }: { initialRuns: SiteCheckRun[]; siteOrigin: string; now: number }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const { data: list } = useSiteCheckRuns({ ok: true, runs: initialRuns, now: initialNow });
  const { runs, now } = list;
  const [target, setTarget] = useState<'site' | 'other'>('site');
  // The latest finished run is shown on arrival.
  const [selected, setSelected] = useState<string | null>(initialRuns.find((r) => r.status !== 'running')?.id ?? null);
  const { data: shown } = useSiteCheck(selected);
  const detail = shown?.run ?? null;
  const active = runs.find((r) => r.status === 'running') ?? null;

  /** Shows a run's report, asked for afresh (a run shown while it was going has its findings now). */
  const show = useCallback(
    (id: string) => {
      setSelected(id);
      void queryClient.invalidateQueries({ queryKey: adminKeys.siteCheck(id) });
    },
    [queryClient],
  );

  // When the run that was going ends, show its result and say how it went.
  const followed = useRef<string | null>(active?.id ?? null);
  useEffect(() => {
    const id = followed.current;
    followed.current = active?.id ?? null;
    const run = id ? runs.find((r) => r.id === id) : undefined;
    if (!run || run.status === 'running') return;
    show(run.id);
    const summary = run.summary;
    toast({
      title: run.status === 'done' ? 'Site check finished' : run.status === 'cancelled' ? 'Site check cancelled' : 'Site check failed',
      description: summary ? `${siteCheckText.checked(summary.pages)} ${siteCheckText.found(summary.errors, summary.warnings)}` : (run.message ?? ''),
      variant: run.status === 'failed' ? 'destructive' : 'success',
    });
  }, [runs, active?.id, show]);

  const form = useAdminForm();
  const { errors, busy: starting } = form;
  const start = (event: SubmitEvent<HTMLFormElement>) =>
    form.submit(event, {
      schema: siteCheckForm,
      url: adminApi.siteChecks,
      values: (element) => {
        const data = Object.fromEntries(new FormData(element)) as Record<string, string>;
        return { url: target === 'site' ? siteOrigin : data.url, maxPages: data.maxPages };
      },
      // Fields travel as text, as a form posts them.
      send: (data) => ({ url: data.url, maxPages: String(data.maxPages) }),
      onSuccess: async (_answer: SiteCheckStartAnswer) => {
        await queryClient.invalidateQueries({ queryKey: adminKeys.siteChecks });
      },
      onRefused: (refusal) =>
        refusal.errors ? form.setErrors(refusal.errors) : toast({ title: 'Site check not started', description: refusal.error ?? '', variant: 'destructive' }),
    });

  async function cancel(id: string) {
    const { body } = await post(adminApi.siteCheckCancel(id));
    if (!body.ok) toast({ title: 'Not cancelled', description: body.error ?? '', variant: 'destructive' });
  }

  const selectedRun = detail && detail.id === selected ? detail : null;
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Testing</h2>
      <Card title="Run site checks" headingLevel={3}>
        <p className="mb-4 text-sm text-muted">
          Crawls a site from its sitemap and home page (same host, robots.txt respected) and lists, page by page, what keeps it from ranking: titles,
          descriptions, canonicals, headings, alt text, structured data, noindex, broken links and files, mixed content and weight.
        </p>
        <form method="post" onSubmit={start} noValidate className="grid gap-4">
          <fieldset className="grid min-w-0 gap-2">
            <legend className="font-medium text-ink">Site</legend>
            <label className="flex min-h-11 items-center gap-2 text-ink">
              <input type="radio" name="target" value="site" checked={target === 'site'} onChange={() => setTarget('site')} className="size-5" />
              This site ({siteOrigin})
            </label>
            <label className="flex min-h-11 items-center gap-2 text-ink">
              <input type="radio" name="target" value="other" checked={target === 'other'} onChange={() => setTarget('other')} className="size-5" />
              Another site
            </label>
          </fieldset>
          {target === 'other' && (
            <Field label="Address" name="url" type="url" inputMode="url" placeholder="https://www.example.co.uk" error={errors.url} autoComplete="off" />
          )}
          {target === 'site' && errors.url && <Notice tone="error">{errors.url}</Notice>}
          <div className="max-w-48">
            <Field
              label="Most pages to check"
              name="maxPages"
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              defaultValue={checkDefaults.maxPages}
              error={errors.maxPages}
            />
          </div>
          <Button type="submit" className="justify-self-start" disabled={starting || active !== null}>
            {active ? 'A check is running' : 'Run site checks'}
          </Button>
        </form>
      </Card>

      {active && (
        <Card title="In progress" headingLevel={3}>
          <p className="text-ink">{active.site}</p>
          <label htmlFor={`${ids}-progress`} className="mt-2 block text-sm text-muted">
            {active.progress.total === 0
              ? 'Reading robots.txt and the sitemap…'
              : `${active.phase === 'pages' ? 'Checking pages' : 'Checking links and files'}: ${active.progress.done.toLocaleString('en-GB')} of ${active.progress.total.toLocaleString('en-GB')}`}
          </label>
          <progress id={`${ids}-progress`} className="mt-1 h-3 w-full accent-brand-700" max={Math.max(1, active.progress.total)} value={active.progress.done} />
          <Button variant="secondary" className="mt-3" onClick={() => void cancel(active.id)}>
            Cancel
          </Button>
        </Card>
      )}

      {selectedRun && (
        <Card title={`Results for ${new URL(selectedRun.site).host}`} headingLevel={3}>
          <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge variant={statusBadge[selectedRun.status].variant}>{statusBadge[selectedRun.status].label}</Badge>
            <TimeAgo at={selectedRun.createdAt} now={now} /> · up to {plural(selectedRun.maxPages, 'page', 'pages')}
            {selectedRun.message && <> · {selectedRun.message}</>}
          </p>
          {selectedRun.status === 'failed' || selectedRun.status === 'interrupted' ? (
            <Notice tone="error">{selectedRun.message}</Notice>
          ) : (
            <RunDetail key={selectedRun.id} run={selectedRun} now={now} />
          )}
        </Card>
      )}

      <Card title="Recent runs" headingLevel={3}>
        {runs.length === 0 ? (
          <p className="text-muted">No site checks yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {runs.map((run) => (
              <li key={run.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="grid gap-0.5">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-all text-ink">{run.site}</span>
                    <Badge variant={statusBadge[run.status].variant}>{statusBadge[run.status].label}</Badge>
                  </span>
                  <span className="text-sm text-muted">
                    <TimeAgo at={run.createdAt} now={now} />
                    {run.summary && ` · ${siteCheckText.checked(run.summary.pages)} ${siteCheckText.found(run.summary.errors, run.summary.warnings)}`}
                  </span>
                </span>
                {run.status !== 'running' && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => void show(run.id)}
                    aria-label={`Show the run for ${run.site} from ${new Date(run.createdAt).toLocaleString('en-GB')}`}
                  >
                    {run.id === selected ? 'Shown' : 'Show'}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

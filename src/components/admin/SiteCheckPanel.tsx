/**
 * Testing: SEO site checks of this site or any address the owner types — the audit sold as a "Free SEO Audit".
 * A run goes on in the background on the server; this tab shows its progress (asking every second), lets it be
 * cancelled, then shows the summary, what changed since the previous run of the same site, and the findings page by
 * page with filters. Reports download as CSV or JSON.
 */
import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { adminPaths } from '~/config/admin';
import { siteCheckForm } from '~/lib/admin-forms';
import type { SiteCheckDetail, SiteCheckFinding, SiteCheckRun, SiteCheckSeverity } from '~/lib/admin-types';
import { getJson, postJson } from '~/lib/post-json';
import { checkDefaults, rules, severities } from '~/lib/sitecheck-rules.mjs';
import { toast } from '~/lib/toast';
import { Badge, type BadgeVariant, Button, buttonClass, Card, Field, Notice, TimeAgo } from './ui/primitives';

const pollMs = 1000;
const severityBadge: Record<SiteCheckSeverity, { label: string; variant: BadgeVariant }> = {
  error: { label: 'Error', variant: 'bad' },
  warning: { label: 'Warning', variant: 'warn' },
  notice: { label: 'Notice', variant: 'neutral' },
};
const statusBadge: Record<SiteCheckRun['status'], { label: string; variant: BadgeVariant }> = {
  running: { label: 'Running', variant: 'info' },
  done: { label: 'Finished', variant: 'good' },
  cancelled: { label: 'Cancelled', variant: 'warn' },
  failed: { label: 'Failed', variant: 'bad' },
  interrupted: { label: 'Interrupted', variant: 'bad' },
};
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
const selectClass = 'min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 text-ink';

function pathOf(url: string, site: string) {
  return url.startsWith(site) ? url.slice(site.length) || '/' : url;
}

function FindingItem({ finding, isNew }: { finding: SiteCheckFinding; isNew: boolean }) {
  return (
    <li className="grid gap-1 py-2">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant={severityBadge[finding.severity].variant}>{severityBadge[finding.severity].label}</Badge>
        <span className="font-medium text-ink">{rules[finding.rule as keyof typeof rules]?.title ?? finding.rule}</span>
        {isNew && <Badge variant="info">New</Badge>}
      </p>
      <p className="break-words text-ink">{finding.message}</p>
      <p className="text-sm text-muted">Fix: {finding.fix}</p>
    </li>
  );
}

function Summary({ run }: { run: SiteCheckDetail }) {
  const summary = run.summary!;
  const boxes: [string, number, BadgeVariant][] = [
    ['Pages', summary.pages, 'neutral'],
    ['Errors', summary.errors, summary.errors > 0 ? 'bad' : 'good'],
    ['Warnings', summary.warnings, summary.warnings > 0 ? 'warn' : 'good'],
    ['Passed', summary.passed, 'good'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {boxes.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 p-3">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="text-2xl font-semibold text-ink">{value.toLocaleString('en-GB')}</dd>
        </div>
      ))}
    </dl>
  );
}

function RunDetail({ run, now }: { run: SiteCheckDetail; now: number }) {
  const ids = useId();
  const [severity, setSeverity] = useState<'all' | SiteCheckSeverity>('all');
  const [rule, setRule] = useState('all');
  const [onlyNew, setOnlyNew] = useState(false);
  const [search, setSearch] = useState('');
  const newKeys = new Set(run.comparison?.newKeys ?? []);
  const shown = run.findings.filter(
    (f) =>
      (severity === 'all' || f.severity === severity) &&
      (rule === 'all' || f.rule === rule) &&
      (!onlyNew || newKeys.has(f.key)) &&
      (search.trim() === '' || (f.url ?? '').toLowerCase().includes(search.trim().toLowerCase())),
  );
  const siteWide = shown.filter((f) => f.url === null);
  const byPage = new Map<string, SiteCheckFinding[]>();
  for (const finding of shown) if (finding.url !== null) byPage.set(finding.url, [...(byPage.get(finding.url) ?? []), finding]);
  const rulesPresent = [...new Set(run.findings.map((f) => f.rule))].sort();
  const count = (list: SiteCheckFinding[], s: SiteCheckSeverity) => list.filter((f) => f.severity === s).length;

  return (
    <div className="grid gap-4">
      {run.summary && <Summary run={run} />}
      {run.comparison ? (
        <p className="text-ink" data-comparison>
          Since the previous run (<TimeAgo at={run.comparison.previousAt} now={now} />
          ): {plural(run.comparison.newKeys.length, 'new finding', 'new findings')}, {plural(run.comparison.fixed.length, 'fixed', 'fixed')}.
        </p>
      ) : (
        <p className="text-muted">This is the first finished run for this site, so there is nothing to compare with.</p>
      )}
      {run.comparison && run.comparison.fixed.length > 0 && (
        <details>
          <summary className="cursor-pointer text-brand-700">Show what was fixed</summary>
          <ul className="divide-y divide-slate-200">
            {run.comparison.fixed.map((finding) => (
              <FindingItem key={finding.key} finding={finding} isNew={false} />
            ))}
          </ul>
        </details>
      )}
      <div className="flex flex-wrap gap-2">
        <a href={adminPaths.siteCheckReport(run.id, 'csv')} className={buttonClass('secondary', 'sm')} download>
          Download CSV
        </a>
        <a href={adminPaths.siteCheckReport(run.id, 'json')} className={buttonClass('secondary', 'sm')} download>
          Download JSON
        </a>
      </div>

      <fieldset className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-4 sm:items-end">
        <legend className="px-1 font-medium text-ink">Filter findings</legend>
        <div className="grid gap-1">
          <label htmlFor={`${ids}-severity`} className="text-sm font-medium text-ink">
            Severity
          </label>
          <select id={`${ids}-severity`} value={severity} onChange={(e) => setSeverity(e.target.value as typeof severity)} className={selectClass}>
            <option value="all">All</option>
            {severities.map((s) => (
              <option key={s} value={s}>
                {severityBadge[s].label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${ids}-rule`} className="text-sm font-medium text-ink">
            Check
          </label>
          <select id={`${ids}-rule`} value={rule} onChange={(e) => setRule(e.target.value)} className={selectClass}>
            <option value="all">All</option>
            {rulesPresent.map((r) => (
              <option key={r} value={r}>
                {rules[r as keyof typeof rules]?.title ?? r}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${ids}-search`} className="text-sm font-medium text-ink">
            Page contains
          </label>
          <input id={`${ids}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} className={selectClass} />
        </div>
        <label className="flex min-h-11 items-center gap-2 text-ink">
          <input type="checkbox" checked={onlyNew} onChange={(e) => setOnlyNew(e.target.checked)} className="size-5" disabled={!run.comparison} />
          Only new
        </label>
      </fieldset>
      <p role="status" className="text-sm text-muted">
        Showing {plural(shown.length, 'finding', 'findings')} of {run.findings.length.toLocaleString('en-GB')}.
      </p>

      {siteWide.length > 0 && (
        <section aria-labelledby={`${ids}-site`}>
          <h4 id={`${ids}-site`} className="font-semibold text-ink">
            Site-wide
          </h4>
          <ul className="divide-y divide-slate-200">
            {siteWide.map((finding) => (
              <FindingItem key={finding.key} finding={finding} isNew={newKeys.has(finding.key)} />
            ))}
          </ul>
        </section>
      )}
      {byPage.size > 0 && (
        <section aria-labelledby={`${ids}-pages`} className="grid gap-2">
          <h4 id={`${ids}-pages`} className="font-semibold text-ink">
            By page
          </h4>
          {[...byPage].map(([url, list]) => (
            <details key={url} className="rounded-lg border border-slate-200 px-3 py-2">
              <summary className="flex cursor-pointer flex-wrap items-center gap-2">
                <span className="font-medium break-all text-ink">{pathOf(url, run.site)}</span>
                {count(list, 'error') > 0 && <Badge variant="bad">{plural(count(list, 'error'), 'error', 'errors')}</Badge>}
                {count(list, 'warning') > 0 && <Badge variant="warn">{plural(count(list, 'warning'), 'warning', 'warnings')}</Badge>}
                {count(list, 'notice') > 0 && <Badge variant="neutral">{plural(count(list, 'notice'), 'notice', 'notices')}</Badge>}
              </summary>
              <ul className="divide-y divide-slate-200">
                {list.map((finding) => (
                  <FindingItem key={finding.key} finding={finding} isNew={newKeys.has(finding.key)} />
                ))}
              </ul>
            </details>
          ))}
        </section>
      )}
      {run.findings.length === 0 && <Notice tone="success">No findings: every check passed on every page.</Notice>}
    </div>
  );
}

export function SiteCheckPanel({ initialRuns, siteOrigin, now: initialNow }: { initialRuns: SiteCheckRun[]; siteOrigin: string; now: number }) {
  const ids = useId();
  const [runs, setRuns] = useState(initialRuns);
  const [now, setNow] = useState(initialNow);
  const [target, setTarget] = useState<'site' | 'other'>('site');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<string | null>(initialRuns.find((r) => r.status !== 'running')?.id ?? null);
  const [detail, setDetail] = useState<SiteCheckDetail | null>(null);
  const [starting, setStarting] = useState(false);
  const unmounted = useRef(false);
  const active = runs.find((r) => r.status === 'running') ?? null;

  useEffect(
    () => () => {
      unmounted.current = true;
    },
    [],
  );

  async function show(id: string) {
    setSelected(id);
    const { body } = await getJson(adminPaths.siteCheck(id));
    if (body.ok && !unmounted.current) setDetail(body.run as SiteCheckDetail);
  }

  // The latest finished run, shown on arrival.
  const initiallySelected = useRef(selected);
  useEffect(() => {
    const id = initiallySelected.current;
    if (!id) return;
    void getJson(adminPaths.siteCheck(id)).then(({ body }) => {
      if (body.ok && !unmounted.current) setDetail(body.run as SiteCheckDetail);
    });
  }, []);

  // While a run is going, ask for the list every second; when it ends, show its result.
  const activeId = active?.id;
  useEffect(() => {
    if (!activeId) return;
    const timer = setInterval(async () => {
      const { body } = await getJson(adminPaths.siteChecks);
      if (!body.ok || unmounted.current) return;
      const list = body.runs as SiteCheckRun[];
      setRuns(list);
      setNow(body.now as number);
      const run = list.find((r) => r.id === activeId);
      if (run && run.status !== 'running') {
        void show(run.id);
        const summary = run.summary;
        toast({
          title: run.status === 'done' ? 'Site check finished' : run.status === 'cancelled' ? 'Site check cancelled' : 'Site check failed',
          description: summary
            ? `${plural(summary.pages, 'page', 'pages')}, ${plural(summary.errors, 'error', 'errors')}, ${plural(summary.warnings, 'warning', 'warnings')}.`
            : (run.message ?? ''),
          variant: run.status === 'failed' ? 'destructive' : 'success',
        });
      }
    }, pollMs);
    return () => clearInterval(timer);
  }, [activeId]);

  async function start(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const checked = siteCheckForm.safeParse({ url: target === 'site' ? siteOrigin : data.url, maxPages: data.maxPages });
    if (!checked.success) return setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    setStarting(true);
    // Fields travel as text, as a form posts them.
    const { body } = await postJson(adminPaths.siteChecks, { url: checked.data.url, maxPages: String(checked.data.maxPages) });
    setStarting(false);
    if (body.errors) return setErrors(body.errors as Record<string, string>);
    if (!body.ok) return toast({ title: 'Site check not started', description: String(body.error ?? ''), variant: 'destructive' });
    const list = await getJson(adminPaths.siteChecks);
    if (list.body.ok) setRuns(list.body.runs as SiteCheckRun[]);
  }

  async function cancel(id: string) {
    const { body } = await postJson(adminPaths.siteCheckCancel(id), {});
    if (!body.ok) toast({ title: 'Not cancelled', description: String(body.error ?? ''), variant: 'destructive' });
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
        <form method="post" onSubmit={(e) => void start(e)} noValidate className="grid gap-4">
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
                    {run.summary &&
                      ` · ${plural(run.summary.pages, 'page', 'pages')}, ${plural(run.summary.errors, 'error', 'errors')}, ${plural(run.summary.warnings, 'warning', 'warnings')}`}
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

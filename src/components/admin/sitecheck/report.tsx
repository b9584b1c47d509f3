/** A site check's report: its summary, what changed since the previous run, and the findings page by page with filters. */
import { useId, useState } from 'react';
import { adminApi, siteCheckText } from '~/config/admin';
import type { SiteCheckDetail, SiteCheckFinding, SiteCheckRun, SiteCheckSeverity } from '~/lib/admin-types';
import { rules, severities } from '~/lib/sitecheck-rules.mjs';
import { Badge, type BadgeVariant } from '../ui/badge';
import { buttonClass } from '../ui/button';
import { Notice } from '../ui/notice';
import { TimeAgo } from '../ui/time-ago';
import { plural } from '~/lib/plural.mjs';

const severityBadge: Record<SiteCheckSeverity, { label: string; variant: BadgeVariant }> = {
  error: { label: 'Error', variant: 'bad' },
  warning: { label: 'Warning', variant: 'warn' },
  notice: { label: 'Notice', variant: 'neutral' },
};
export const statusBadge: Record<SiteCheckRun['status'], { label: string; variant: BadgeVariant }> = {
  running: { label: 'Running', variant: 'info' },
  done: { label: 'Finished', variant: 'good' },
  cancelled: { label: 'Cancelled', variant: 'warn' },
  failed: { label: 'Failed', variant: 'bad' },
  interrupted: { label: 'Interrupted', variant: 'bad' },
};
const selectClass = 'min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 text-ink';

function pathOf(url: string, site: string) {
  return url.startsWith(site) ? url.slice(site.length) || '/' : url;
}

/** One finding; `site` is given where the list is not already grouped by page, so the finding names its page. */
function FindingItem({ finding, isNew, site }: { finding: SiteCheckFinding; isNew: boolean; site?: string }) {
  return (
    <li className="grid gap-1 py-2">
      {site !== undefined && finding.url !== null && <p className="font-medium break-all text-ink">{pathOf(finding.url, site)}</p>}
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

export function RunDetail({ run, now }: { run: SiteCheckDetail; now: number }) {
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
          Compared with the previous run of the same check (<TimeAgo at={run.comparison.previousAt} now={now} />){' '}
          {siteCheckText.compared(run.comparison.pagesCompared, run.comparison.newKeys.length, run.comparison.fixed.length)}
        </p>
      ) : (
        <p className="text-muted">{siteCheckText.firstRun}</p>
      )}
      {run.comparison && run.comparison.fixed.length > 0 && (
        <details>
          <summary className="cursor-pointer text-brand-700">Show what was fixed</summary>
          <ul className="divide-y divide-slate-200">
            {run.comparison.fixed.map((finding) => (
              <FindingItem key={finding.key} finding={finding} isNew={false} site={run.site} />
            ))}
          </ul>
        </details>
      )}
      <div className="flex flex-wrap gap-2">
        <a href={adminApi.siteCheckReport(run.id, 'csv')} className={buttonClass('secondary', 'sm')} download>
          Download CSV
        </a>
        <a href={adminApi.siteCheckReport(run.id, 'json')} className={buttonClass('secondary', 'sm')} download>
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

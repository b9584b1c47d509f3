import { auditLimits, auditMessages, scoreExplanation } from '~/config/audit';
import { business } from '~/config/business';
import { paths } from '~/config/paths';
import type { AuditFindingGroup, AuditView } from '~/lib/audit-types';
import { honeypotField } from '~/lib/contact';
import { plural } from '~/lib/plural.mjs';
import { AuditForm } from './FreeAudit';

// Everything the audited site served (titles, addresses, the checker's sentences quoting them) is rendered by React as
// text, escaped: never as markup.

const severityStyle = {
  error: 'bg-red-50 text-red-900',
  warning: 'bg-amber-50 text-amber-900',
  notice: 'bg-slate-100 text-slate-800',
} as const;
const severityLabel = { error: 'Error', warning: 'Warning', notice: 'Notice' } as const;

function where(group: AuditFindingGroup): string {
  return group.siteWide ? 'Site-wide' : plural(group.pages, 'page');
}

/** Each place the problem was found: the page first (its path on the audited site), then what was found there. */
function Details({ group, limit }: { group: AuditFindingGroup; limit: number }) {
  const shown = group.details.slice(0, limit);
  return (
    <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm break-words text-muted">
      {shown.map((detail, index) => (
        <li key={index}>
          {detail.page !== null && (
            <>
              <span className="font-mono font-medium break-all text-ink">{detail.page}</span>
              {': '}
            </>
          )}
          {detail.text}
        </li>
      ))}
      {group.details.length > shown.length && <li>and {group.details.length - shown.length} more</li>}
    </ul>
  );
}

function Finding({ group, rank }: { group: AuditFindingGroup; rank: number }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="text-lg font-semibold text-ink">
        {rank}. {group.title}
      </h3>
      <p className="mt-1 flex flex-wrap gap-2 text-sm">
        <span className={`rounded-full px-2 py-0.5 font-medium ${severityStyle[group.severity]}`}>{severityLabel[group.severity]}</span>
        <span className="text-muted">
          {where(group)} · −{plural(group.points, 'point')}
        </span>
      </p>
      <dl className="mt-3 grid gap-2">
        <div>
          <dt className="font-semibold text-ink">What we found</dt>
          <dd>
            <Details group={group} limit={auditLimits.examplesShown} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">Why it costs you customers</dt>
          <dd className="text-ink">{group.why}</dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">How to fix it</dt>
          <dd className="text-ink">{group.fix}</dd>
        </div>
      </dl>
    </li>
  );
}

function Progress({ view }: { view: AuditView }) {
  const { progress } = view;
  return (
    <div data-audit-events={paths.auditEvents(view.id)} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <p role="status" aria-live="polite" data-progress-text className="text-lg font-semibold text-ink">
        {progress.text}
      </p>
      {progress.total > 0 ? (
        <progress className="mt-4 h-3 w-full" max={progress.total} value={Math.min(progress.done, progress.total)} aria-label="Audit progress" />
      ) : (
        <progress className="mt-4 h-3 w-full" aria-label="Audit progress" />
      )}
      <p className="mt-3 text-sm text-muted">
        Up to {auditLimits.maxPages} pages, at most {auditLimits.deadlineSeconds} seconds. This page shows the results when the audit is done.
      </p>
    </div>
  );
}

export interface ReportFormState {
  /** Whether this browser holds a key to the audit's report (it asked for the audit, or was shown it as recent). */
  held: boolean;
  sent: boolean;
  error?: string;
  errors?: { name?: string; email?: string };
  values?: { name: string; email: string };
}

function ReportForm({ view, state }: { view: AuditView; state: ReportFormState }) {
  if (state.sent) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 p-4 font-medium text-emerald-900">
        {auditMessages.reportSent}
      </p>
    );
  }
  if (!state.held && !state.error) {
    return (
      <div className="grid gap-4">
        <p data-report-own-audit className="text-ink">
          {auditMessages.reportOwnAudit}
        </p>
        <AuditForm value={view.startUrl} headingLevel={3} narrow />
      </div>
    );
  }
  const field = (name: 'name' | 'email', label: string, type: string, autoComplete: string) => {
    const error = state.errors?.[name];
    return (
      <div>
        <label htmlFor={`report-${name}`} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        <input
          id={`report-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required
          maxLength={name === 'name' ? 100 : 254}
          defaultValue={state.values?.[name] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `report-${name}-error` : undefined}
          className={`mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base ${error ? 'border-red-700' : 'border-slate-400'}`}
        />
        {error && (
          <p id={`report-${name}-error`} className="mt-1 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <form method="post" action={paths.auditReport(view.id)} className="grid gap-4" noValidate data-report-form="">
      {state.error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {state.error}
        </p>
      )}
      {field('name', 'Your name', 'text', 'name')}
      {field('email', 'Your e-mail', 'email', 'email')}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="report-hp">Leave this field empty</label>
        <input id="report-hp" name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div>
        <button type="submit" className="btn-primary">
          Email me the full report
        </button>
      </div>
      <p className="text-xs text-muted">
        Your name and e-mail are kept only because you ask for the report: {business.owner.name} receives them as an enquiry. See the{' '}
        <a href={paths.rootPage('privacy-policy')} className="link">
          privacy policy
        </a>
        .
      </p>
    </form>
  );
}

/** An audit's page: progress while it runs, the reason if it could not run, or the score and findings. */
export function AuditResults({ view, recentMinutes, report }: { view: AuditView; recentMinutes: number | null; report: ReportFormState }) {
  const host = new URL(view.site).host;
  const { result } = view;
  return (
    <div className="container-page max-w-4xl pt-8 pb-16 sm:pt-12">
      <p className="eyebrow">Free SEO audit</p>
      <h1 className="mt-2 text-4xl font-extrabold tracking-tight break-words text-ink sm:text-5xl">SEO audit of {host}</h1>
      <p className="mt-3 text-muted">
        {view.startUrl} · {new Date(view.createdAt).toUTCString().slice(5, 22)} UTC
      </p>
      {recentMinutes !== null && <p className="mt-4 rounded-lg bg-brand-50 p-4 text-ink">{auditMessages.recent(recentMinutes)}</p>}

      <div className="mt-8">
        {view.progress.status === 'queued' || view.progress.status === 'running' ? (
          <Progress view={view} />
        ) : view.progress.status === 'failed' || !result ? (
          <div className="grid gap-6">
            <div role="alert" className="rounded-2xl bg-red-50 p-6 text-red-900">
              <h2 className="text-xl font-semibold">The audit could not be completed</h2>
              <p className="mt-2 break-words">{view.message}</p>
            </div>
            <AuditForm value={view.startUrl} />
            <p className="text-muted">
              Or{' '}
              <a href={paths.contact('audit')} className="link">
                ask {business.owner.name} for a full audit
              </a>
              .
            </p>
          </div>
        ) : (
          <div className="grid gap-10">
            <section aria-labelledby="score-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id="score-heading" className="text-xl font-semibold text-ink">
                Score
              </h2>
              <p className="mt-2">
                <span data-score className="text-5xl font-extrabold text-ink">
                  {result.score}
                </span>
                <span className="text-2xl text-muted"> / 100 · {result.scoreLabel}</span>
              </p>
              <p className="mt-2 text-ink">{auditMessages.summary(result)}</p>
              <p className="mt-2 text-sm text-muted">{scoreExplanation}</p>
              {result.notes.map((note) => (
                <p key={note} className="mt-2 text-sm text-muted">
                  {note}
                </p>
              ))}
            </section>

            <section aria-labelledby="top-heading">
              <h2 id="top-heading" className="text-2xl font-bold text-ink">
                {result.groups.length === 0
                  ? 'No problems found'
                  : result.groups.length === 1
                    ? 'What to fix'
                    : `The ${Math.min(auditLimits.topFindings, result.groups.length)} most important to fix`}
              </h2>
              <ol className="mt-4 grid gap-4">
                {result.groups.slice(0, auditLimits.topFindings).map((group, index) => (
                  <Finding key={group.rule} group={group} rank={index + 1} />
                ))}
              </ol>
            </section>

            {result.groups.length > auditLimits.topFindings && (
              <details className="rounded-xl border border-slate-200 bg-white p-5">
                <summary className="cursor-pointer font-semibold text-brand-700">All {result.groups.length} kinds of problem found</summary>
                <ol className="mt-4 grid gap-4" start={1}>
                  {result.groups.map((group, index) => (
                    <li key={group.rule}>
                      <h3 className="font-semibold text-ink">
                        {index + 1}. {group.title}{' '}
                        <span className="text-sm font-normal text-muted">
                          ({severityLabel[group.severity]}, {where(group).toLowerCase()})
                        </span>
                      </h3>
                      <p className="text-sm text-ink">{group.fix}</p>
                      <Details group={group} limit={50} />
                    </li>
                  ))}
                </ol>
              </details>
            )}

            <section aria-labelledby="passed-heading">
              <h2 id="passed-heading" className="text-2xl font-bold text-ink">
                What passed
              </h2>
              {result.passed.length === 0 ? (
                <p className="mt-2 text-muted">Every check found something to fix.</p>
              ) : (
                <ul className="mt-3 grid gap-1 sm:grid-cols-2">
                  {result.passed.map((title) => (
                    <li key={title} className="text-ink">
                      <span aria-hidden="true" className="text-emerald-700">
                        ✓{' '}
                      </span>
                      {title}: none found
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section id="report" aria-labelledby="next-heading" className="grid gap-6 rounded-2xl bg-brand-50 p-6 sm:grid-cols-2">
              <div>
                <h2 id="next-heading" className="text-xl font-semibold text-ink">
                  Get the full report
                </h2>
                <p className="mt-1 mb-4 text-muted">Every finding on every page, as a PDF in your inbox.</p>
                <ReportForm view={view} state={report} />
              </div>
              <div>
                <h2 className="text-xl font-semibold text-ink">Talk it through</h2>
                <p className="mt-1 mb-4 text-muted">{business.owner.name} will go through the findings with you and say what to fix first. No obligation.</p>
                <a href={paths.contact('call')} className="btn-secondary">
                  Book a 15-min call
                </a>
              </div>
            </section>
          </div>
        )}
      </div>
    </div>
  );
}

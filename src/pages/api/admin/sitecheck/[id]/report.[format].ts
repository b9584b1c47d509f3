import { download, notFound } from '~/server/api/answers';
import { toCsv } from '~/server/api/csv';
import { route } from '~/server/api/route';
import { getRun } from '~/server/features/sitecheck/service';

export const prerender = false;

/** A finished run's report to download: every finding as CSV rows, or the checker's whole report as JSON. */
export const GET = route({ admin: true }, async ({ params, runtime }) => {
  const format = params.format;
  if (format !== 'csv' && format !== 'json') return notFound('Reports are CSV or JSON.');
  const found = await getRun(runtime.db, params.id!);
  if (!found?.report) return notFound('That run has no report.');
  const { report, run } = found;
  const name = `site-check-${new URL(run.site).host}-${new Date(run.createdAt).toISOString().slice(0, 10)}.${format}`;
  if (format === 'json') return download(JSON.stringify(report, null, 2), 'application/json; charset=utf-8', name);
  const rows = report.findings.map((f) => [f.severity, f.rule, f.url ?? '(site)', f.message, f.fix]);
  return download(toCsv(['Severity', 'Rule', 'Page', 'Finding', 'Fix'], rows), 'text/csv; charset=utf-8', name);
});

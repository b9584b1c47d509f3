import type { APIRoute } from 'astro';
import { toCsv } from '~/server/api/csv';
import { jsonAnswer } from '~/server/api/caller';
import { guarded } from '~/server/api/endpoint';
import { getRun } from '~/server/features/sitecheck/service';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** A finished run's report to download: every finding as CSV rows, or the checker's whole report as JSON. */
export const GET: APIRoute = (context) =>
  guarded(async () => {
    const format = context.params.format;
    if (format !== 'csv' && format !== 'json') return jsonAnswer(404, { ok: false, error: 'Reports are CSV or JSON.' });
    const { db } = await getRuntime();
    const found = await getRun(db, context.params.id!);
    if (!found?.report) return jsonAnswer(404, { ok: false, error: 'That run has no report.' });
    const { report, run } = found;
    const name = `site-check-${new URL(run.site).host}-${new Date(run.createdAt).toISOString().slice(0, 10)}.${format}`;
    const headers = { 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' };
    if (format === 'json') return new Response(JSON.stringify(report, null, 2), { headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } });
    const rows = report.findings.map((f) => [f.severity, f.rule, f.url ?? '(site)', f.message, f.fix]);
    return new Response(toCsv(['Severity', 'Rule', 'Page', 'Finding', 'Fix'], rows), { headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8' } });
  });

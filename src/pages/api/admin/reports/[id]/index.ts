import type { ReportAnswer } from '~/lib/report-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { openReport } from '~/server/features/report/endpoint';

export const prerender = false;

/** One report: its figures, summary (with any figure it states that the report does not hold) and links. */
export const GET = route({ admin: true }, async ({ params, runtime }) =>
  ok({ ok: true, report: await openReport(runtime.reports.deps, params.id!) } satisfies ReportAnswer),
);

import type { ReportSummaryDraftAnswer } from '~/lib/report-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { draftReportSummary } from '~/server/features/report/endpoint';

export const prerender = false;

/** The AI model's summary of the report's figures, checked against them; not saved. */
export const POST = route({ admin: true }, async ({ params, runtime, settings, admin }) =>
  ok({ ok: true, ...(await draftReportSummary(runtime.reports.deps, params.id!, settings.ai, admin.userId)) } satisfies ReportSummaryDraftAnswer),
);

import { summaryForm } from '~/lib/report-forms';
import type { ReportAnswer } from '~/lib/report-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { saveSummary } from '~/server/features/report/endpoint';

export const prerender = false;

/** The owner's summary, refused with the figures it states that the report does not show. */
export const POST = route({ body: summaryForm, admin: true }, async ({ params, body, runtime }) =>
  ok({ ok: true, report: await saveSummary(runtime.reports.deps, params.id!, body.summary) } satisfies ReportAnswer),
);

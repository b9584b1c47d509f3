import { reportActions, reportMessages } from '~/config/report';
import { summaryForm } from '~/lib/report-forms';
import type { ReportAnswer, ReportDoneAnswer, ReportLinkAnswer, ReportSummaryDraftAnswer } from '~/lib/report-types';
import { created, ok } from '~/server/api/answers';
import { HttpError } from '~/server/api/http-error';
import { route } from '~/server/api/route';
import { approveReport, draftReportSummary, newReportLink, saveSummary } from '~/server/features/report/endpoint';
import { refreshReport } from '~/server/features/report/service';
import { formFields } from '~/server/api/route';

export const prerender = false;

/**
 * summary (the owner's text, refused with the figures it states that the report does not show), draft-summary (the AI
 * model's, not saved), approve (sent to the client once), link (a new read-only link, shown once), refresh (a draft's
 * figures read again).
 */
export const POST = route({ body: formFields, admin: true }, async ({ params, body, runtime, settings, admin }) => {
  const deps = runtime.reports.deps;
  const id = params.id!;
  switch (params.action as (typeof reportActions)[number]) {
    case 'summary': {
      const form = summaryForm.safeParse(body);
      if (!form.success) throw new HttpError(400, null, { errors: { summary: form.error.issues[0]!.message } });
      return ok({ ok: true, report: await saveSummary(deps, id, form.data.summary) } satisfies ReportAnswer);
    }
    case 'draft-summary':
      return ok({ ok: true, ...(await draftReportSummary(deps, id, settings.ai, admin.userId)) } satisfies ReportSummaryDraftAnswer);
    case 'approve':
      return ok({ ok: true, message: await approveReport(deps, id) } satisfies ReportDoneAnswer);
    case 'link':
      return created((await newReportLink(deps, id)) satisfies ReportLinkAnswer);
    case 'refresh':
      await refreshReport(deps, id);
      return ok({ ok: true, message: reportMessages.refreshed } satisfies ReportDoneAnswer);
    default:
      throw new HttpError(404, `Actions: ${reportActions.join(', ')}.`);
  }
});

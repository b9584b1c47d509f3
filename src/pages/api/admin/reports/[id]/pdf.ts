import { route } from '~/server/api/route';
import { openReport } from '~/server/features/report/endpoint';
import { pdfResponse } from '~/server/features/report/pdf';

export const prerender = false;

/** The report as the client's PDF (the link is the one sending makes, so the preview has none). */
export const GET = route({ admin: true }, async ({ params, runtime }) => {
  const report = await openReport(runtime.reports.deps, params.id!);
  return pdfResponse(report.data, report.summary, null);
});

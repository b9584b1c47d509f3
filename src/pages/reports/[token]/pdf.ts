import { reportPaths } from '~/config/report';
import { route } from '~/server/api/route';
import { pdfResponse } from '~/server/features/report/pdf';
import { openSharedReport } from '~/server/features/report/shared';

export const prerender = false;

/** The client's report as a PDF, while its link opens; otherwise the link's page says why not (410 or 404). */
export const GET = route({}, async ({ context, params, runtime }) => {
  const token = params.token ?? '';
  const opened = await openSharedReport(runtime.reports.deps, token);
  if (opened.state !== 'open') return context.rewrite(reportPaths.shared(token));
  const link = new URL(reportPaths.shared(token), runtime.reports.deps.siteUrl).href;
  return pdfResponse(opened.report.data, opened.report.summary, link, { 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' });
});

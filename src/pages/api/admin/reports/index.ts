import { makeReportForm } from '~/lib/report-forms';
import type { ReportMadeAnswer, ReportsAnswer } from '~/lib/report-types';
import { created, ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { makeReportFromForm } from '~/server/features/report/endpoint';
import { reportsOverview } from '~/server/features/report/overview';

export const prerender = false;

/** The reports made and the sites they are made for. */
export const GET = route({ admin: true }, async ({ runtime }) => ok((await reportsOverview(runtime.reports.deps)) satisfies ReportsAnswer));

/** site and month (YYYY-MM): that month's report, made (or its draft read again); or site, from and to: a new one for those days. */
export const POST = route({ body: makeReportForm, admin: true }, async ({ body, runtime }) =>
  created({ ok: true, id: await makeReportFromForm(runtime.reports.deps, body) } satisfies ReportMadeAnswer),
);

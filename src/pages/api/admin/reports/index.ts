import { makeReportForm } from '~/lib/report-forms';
import type { ReportsAnswer } from '~/lib/report-types';
import { created, ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { makeMonthlyReport } from '~/server/features/report/endpoint';
import { reportsOverview } from '~/server/features/report/overview';

export const prerender = false;

/** The reports made and the sites they are made for. */
export const GET = route({ admin: true }, async ({ runtime }) => ok((await reportsOverview(runtime.reports.deps)) satisfies ReportsAnswer));

/** site, month (YYYY-MM): that month's report of that site, made (or its draft read again). */
export const POST = route({ body: makeReportForm, admin: true }, async ({ body, runtime }) =>
  created({ ok: true, id: await makeMonthlyReport(runtime.reports.deps, body) }),
);

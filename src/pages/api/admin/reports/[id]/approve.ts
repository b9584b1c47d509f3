import type { ReportDoneAnswer } from '~/lib/report-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { approveReport } from '~/server/features/report/endpoint';

export const prerender = false;

/** Approved: sent to the client once. */
export const POST = route({ admin: true }, async ({ params, runtime }) =>
  ok({ ok: true, message: await approveReport(runtime.reports.deps, params.id!) } satisfies ReportDoneAnswer),
);

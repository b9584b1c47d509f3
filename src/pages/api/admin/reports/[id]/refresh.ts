import { reportMessages } from '~/config/report';
import type { ReportDoneAnswer } from '~/lib/report-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { refreshReport } from '~/server/features/report/service';

export const prerender = false;

/** A draft's figures read again. */
export const POST = route({ admin: true }, async ({ params, runtime }) => {
  await refreshReport(runtime.reports.deps, params.id!);
  return ok({ ok: true, message: reportMessages.refreshed } satisfies ReportDoneAnswer);
});

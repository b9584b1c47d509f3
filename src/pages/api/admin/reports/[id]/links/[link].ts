import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { withdrawReportLink } from '~/server/features/report/endpoint';
import { reportMessages } from '~/config/report';
import type { ReportDoneAnswer } from '~/lib/report-types';

export const prerender = false;

/** Withdraws a client's link: from now on it answers 410. */
export const DELETE = route({ admin: true }, async ({ params, runtime }) => {
  await withdrawReportLink(runtime.reports.deps, params.id!, params.link!);
  return ok({ ok: true, message: reportMessages.linkRevoked } satisfies ReportDoneAnswer);
});

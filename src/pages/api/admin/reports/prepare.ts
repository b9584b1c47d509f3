import { reportMessages, reportSchedule } from '~/config/report';
import type { ReportDoneAnswer } from '~/lib/report-types';
import { ok } from '~/server/api/answers';
import { HttpError } from '~/server/api/http-error';
import { route } from '~/server/api/route';
import { monthPeriod } from '~/server/features/report/period';

export const prerender = false;

/** Prepares last month's report of every site now (and sends those chosen to go automatically), as the schedule does. */
export const POST = route({ admin: true }, async ({ runtime }) => {
  const outcome = await runtime.reports.runNow();
  if (outcome.busy) throw new HttpError(409, reportMessages.busy);
  if (!outcome.month) throw new HttpError(409, reportMessages.notYet(reportSchedule.dayOfMonth));
  const message = reportMessages.prepared(monthPeriod(outcome.month).label, outcome.prepared.length, outcome.sent.length);
  return ok({ ok: true, message } satisfies ReportDoneAnswer);
});

import { autoSendForm } from '~/lib/report-forms';
import type { ReportDoneAnswer } from '~/lib/report-types';
import { reportMessages } from '~/config/report';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { chooseAutoSend } from '~/server/features/report/endpoint';

export const prerender = false;

/** site, on=true|false: whether the site's monthly report goes to the client without waiting for approval. */
export const POST = route({ body: autoSendForm, admin: true }, async ({ body, runtime, log }) => {
  await chooseAutoSend(runtime.reports.deps, body.site, body.on === 'true');
  // Chosen on after the set day: last month's report goes now rather than at the next pass.
  if (body.on === 'true') runtime.reports.runNow().catch((error: unknown) => log.error({ err: error }, '[report] the schedule could not run'));
  return ok({ ok: true, message: reportMessages.autoSend(body.on === 'true') } satisfies ReportDoneAnswer);
});

import { auditMessages } from '~/config/audit';
import { paths } from '~/config/paths';
import type { DoneAnswer } from '~/lib/admin-types';
import { created, json, methodNotAllowed } from '~/server/api/answers';
import { formFields, route } from '~/server/api/route';
import { recordConversion } from '~/server/features/analytics/endpoint';
import { requestReport } from '~/server/features/audit/endpoint';
import { reportKeyFrom } from '~/server/features/audit/report-key';

export const prerender = false;

/** POST name, email (+ honeypot): the report by e-mail, as an enquiry of type audit. */
export const POST = route(
  {
    body: formFields,
    page: true,
    onFailure: (context, page) => {
      const failed = { ok: false as const, status: 503, error: auditMessages.reportFailed };
      if (!page) return json(503, failed);
      context.locals.auditReport = failed;
      return context.rewrite(paths.auditResult(context.params.id ?? ''));
    },
  },
  async ({ params, body, runtime, settings, caller, wantsPage, context }) => {
    const id = params.id ?? '';
    const outcome = await requestReport(
      { ...runtime, siteUrl: settings.siteUrl, contactTo: runtime.config.contactTo },
      id,
      body,
      { client: caller.address, userAgent: caller.userAgent },
      reportKeyFrom(context.request.headers.get('cookie'), id, caller.secure),
    );
    if (outcome.ok && outcome.leadId) recordConversion(runtime, outcome.leadId, caller.address, caller.userAgent);
    if (!wantsPage) return outcome.ok ? created({ ok: true } satisfies DoneAnswer) : json(outcome.status, outcome);
    if (outcome.ok) return context.redirect(`${paths.auditResult(id)}#report`, 303);
    if (outcome.status === 404) return context.redirect(paths.freeAudit, 303);
    context.locals.auditReport = outcome;
    return context.rewrite(paths.auditResult(id));
  },
);

export const ALL = route({}, async () => methodNotAllowed('POST', 'Use POST to ask for the report.'));

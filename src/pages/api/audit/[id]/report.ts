import type { APIRoute } from 'astro';
import { auditMessages } from '~/config/audit';
import { paths } from '~/config/paths';
import { settings } from '~/config/settings.mjs';
import { jsonAnswer } from '~/server/api/caller';
import { fromWebRequest } from '~/server/api/request-body';
import { recordConversion } from '~/server/features/analytics/endpoint';
import { type ReportOutcome, requestReport } from '~/server/features/audit/endpoint';
import { reportKeyFrom } from '~/server/features/audit/report-key';
import { wantsPage } from '~/server/features/contact/endpoint';
import { errorField, log } from '~/server/platform/log.mjs';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** POST name, email (+ honeypot): the report by e-mail, as an enquiry of type audit. */
export const POST: APIRoute = async (context) => {
  const id = context.params.id ?? '';
  // A page answer may be a rewrite, which needs the original body unread: the handler then reads a copy.
  const page = wantsPage(context.request.headers.get('accept'));
  const runtime = await getRuntime();
  let outcome: ReportOutcome;
  try {
    outcome = await requestReport(
      { ...runtime, siteUrl: settings().siteUrl, contactTo: runtime.config.contactTo },
      id,
      fromWebRequest(page ? context.request.clone() : context.request),
      context.clientAddress,
      reportKeyFrom(context.request.headers.get('cookie'), id, context.url.protocol === 'https:'),
    );
  } catch (error) {
    log.error(errorField(error), '[audit] report request failed');
    outcome = { ok: false, status: 503, error: auditMessages.reportFailed };
  }
  if (outcome.ok && outcome.leadId) recordConversion(runtime, outcome.leadId, context.clientAddress, context.request.headers.get('user-agent'));
  if (!page) return jsonAnswer(outcome.ok ? 201 : outcome.status, outcome.ok ? { ok: true } : outcome);
  if (outcome.ok) return context.redirect(`${paths.auditResult(id)}#report`, 303);
  if (outcome.status === 404) return context.redirect(paths.freeAudit, 303);
  context.locals.auditReport = outcome;
  return context.rewrite(paths.auditResult(id));
};

export const ALL: APIRoute = () => jsonAnswer(405, { ok: false, error: 'Use POST to ask for the report.' }, [], { Allow: 'POST' });

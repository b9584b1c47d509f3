import { auditMessages } from '~/config/audit';
import { paths } from '~/config/paths';
import type { AuditStartAnswer } from '~/lib/audit-types';
import { accepted, errorAnswer, methodNotAllowed, seeOther, unavailable } from '~/server/api/answers';
import { HttpError } from '~/server/api/http-error';
import { formFields, route } from '~/server/api/route';
import { startAudit, type StartOutcome } from '~/server/features/audit/endpoint';
import { reportKeyCookies } from '~/server/features/audit/report-key';

export const prerender = false;

/** POST url (+ honeypot, elapsed): starts a free audit, or shows the same site's recent one. */
export const POST = route(
  {
    body: formFields,
    page: true,
    // The database is away: a clear message, never a 500.
    onFailure: (context, page) => {
      if (!page) return unavailable(auditMessages.unavailable);
      context.locals.auditRefusal = { ok: false, status: 503, error: auditMessages.unavailable, headers: { 'Retry-After': '60' } };
      return context.rewrite(paths.auditRefused);
    },
  },
  async ({ body, runtime, settings, caller, wantsPage, context }) => {
    const outcome: StartOutcome = await startAudit({ ...runtime, siteUrl: settings.siteUrl, contactTo: runtime.config.contactTo }, body, {
      client: caller.address,
      userAgent: caller.userAgent,
    });
    if (outcome.ok) {
      // The results page works out how long ago a recent audit ran; the query only says it is someone's recent one.
      const location = paths.auditResult(outcome.id) + (outcome.recentMinutes === null ? '' : '?recent');
      // This browser's key to the report by e-mail, in a cookie only (never in the address, which visitors share).
      const cookies = reportKeyCookies(outcome.id, outcome.reportKey, caller.secure);
      if (!wantsPage)
        return accepted({ ok: true, id: outcome.id, url: location, recentMinutes: outcome.recentMinutes } satisfies AuditStartAnswer, { cookies });
      return seeOther(location, cookies);
    }
    if (!wantsPage) return errorAnswer(new HttpError(outcome.status, outcome.error, { headers: outcome.headers }));
    // A browser posted the form: the form again, with the reason.
    context.locals.auditRefusal = outcome;
    return context.rewrite(paths.auditRefused);
  },
);

export const ALL = route({}, async () => methodNotAllowed('POST', 'Use POST to start an audit.'));

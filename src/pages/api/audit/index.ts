import type { APIRoute } from 'astro';
import { auditMessages } from '~/config/audit';
import { paths } from '~/config/paths';
import { settings } from '~/config/settings.mjs';
import { jsonAnswer } from '~/server/api/caller';
import { fromWebRequest } from '~/server/api/request-body';
import { type StartOutcome, startAudit } from '~/server/features/audit/endpoint';
import { reportKeyCookies } from '~/server/features/audit/report-key';
import { wantsPage } from '~/server/features/contact/endpoint';
import { errorField, log } from '~/server/platform/log.mjs';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** POST url (+ honeypot, elapsed): starts a free audit, or shows the same site's recent one. */
export const POST: APIRoute = async (context) => {
  // A page answer may be a rewrite, which needs the original body unread: the handler then reads a copy.
  const page = wantsPage(context.request.headers.get('accept'));
  let outcome: StartOutcome;
  try {
    const runtime = await getRuntime();
    outcome = await startAudit(
      { ...runtime, siteUrl: settings().siteUrl, contactTo: runtime.config.contactTo },
      fromWebRequest(page ? context.request.clone() : context.request),
      context.clientAddress,
    );
  } catch (error) {
    // The database is away: a clear message, never a 500.
    log.error(errorField(error), '[audit] could not start');
    outcome = { ok: false, status: 503, error: auditMessages.unavailable, headers: { 'Retry-After': '60' } };
  }
  if (outcome.ok) {
    // The results page works out how long ago a recent audit ran; the query only says it is someone's recent one.
    const location = paths.auditResult(outcome.id) + (outcome.recentMinutes === null ? '' : '?recent');
    // This browser's key to the report by e-mail, in a cookie only (never in the address, which visitors share).
    const cookies = reportKeyCookies(outcome.id, outcome.reportKey, context.url.protocol === 'https:');
    if (!page) return jsonAnswer(202, { ok: true, id: outcome.id, url: location, recentMinutes: outcome.recentMinutes }, cookies);
    const redirect = new Response(null, { status: 303, headers: { Location: location } });
    for (const cookie of cookies) redirect.headers.append('Set-Cookie', cookie);
    return redirect;
  }
  if (!page) return jsonAnswer(outcome.status, { ok: false, error: outcome.error }, [], outcome.headers);
  // A browser posted the form: the form again, with the reason.
  context.locals.auditRefusal = outcome;
  return context.rewrite(paths.auditRefused);
};

export const ALL: APIRoute = () => jsonAnswer(405, { ok: false, error: 'Use POST to start an audit.' }, [], { Allow: 'POST' });

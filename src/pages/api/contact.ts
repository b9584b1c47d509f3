import type { APIRoute } from 'astro';
import { paths } from '~/config/paths';
import { recordConversion } from '~/server/features/analytics/endpoint';
import { handleContact, type HandlerOutcome, storageFailureText, wantsPage } from '~/server/features/contact/endpoint';
import { fromWebRequest } from '~/server/api/request-body';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });

export const POST: APIRoute = async (context) => {
  const runtime = await getRuntime();
  // A page answer is a rewrite, which needs the original body unread: the handler reads a copy.
  const page = wantsPage(context.request.headers.get('accept'));
  // clientAddress is the address the HTTP front resolved (TRUST_PROXY applied), not whatever a client claims.
  let outcome: HandlerOutcome;
  try {
    outcome = await handleContact(runtime, fromWebRequest(page ? context.request.clone() : context.request), context.clientAddress);
  } catch (error) {
    // The database is unreachable (or failed): the visitor is told to e-mail instead; never a 500 or a hang.
    console.error('[contact]', error);
    outcome = { status: 503, body: { ok: false, error: storageFailureText }, headers: { 'Retry-After': '60' }, wantsHtml: page };
  }
  // 201 is a stored enquiry; the honeypot is answered 200, as if sent, and converts nothing.
  if (outcome.body.ok && outcome.status === 201) recordConversion(runtime, outcome.body.id, context.clientAddress, context.request.headers.get('user-agent'));
  if (!outcome.wantsHtml) return json(outcome.status, outcome.body, outcome.headers);
  // A browser without JavaScript posted the form: answer with a page, not JSON.
  if (outcome.body.ok) return context.redirect(outcome.body.download ? paths.checklistSent : paths.contactSent, 303);
  context.locals.contactResult = outcome;
  return context.rewrite('/contact/result');
};

export const ALL: APIRoute = () => json(405, { ok: false, error: 'Use POST to send a message.' }, { Allow: 'POST' });

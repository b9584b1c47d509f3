import type { APIContext } from 'astro';
import { paths } from '~/config/paths';
import { json, methodNotAllowed, unavailable } from '~/server/api/answers';
import { formFields, route } from '~/server/api/route';
import { recordConversion } from '~/server/features/analytics/endpoint';
import { handleContact, type HandlerOutcome, recordRefusedBody, storageFailureText } from '~/server/features/contact/endpoint';

export const prerender = false;

/** A browser without JavaScript posted the form and it was refused: the form again, with the reason. */
function formAgain(context: APIContext, outcome: HandlerOutcome) {
  context.locals.contactResult = outcome;
  return context.rewrite(paths.contactResult);
}

export const POST = route(
  {
    body: formFields,
    page: true,
    onRefusedBody: async (error, context) => recordRefusedBody(await context.locals.runtime(), error, context.request.headers.get('user-agent')),
    // The database is unreachable (or failed): the visitor is told to e-mail instead; never a 500 or a hang.
    onFailure: (context, page) =>
      page
        ? formAgain(context, { status: 503, body: { ok: false, error: storageFailureText }, headers: { 'Retry-After': '60' }, wantsHtml: true })
        : unavailable(storageFailureText),
  },
  async ({ body, runtime, caller, wantsPage, context }) => {
    const outcome = await handleContact(runtime, body, { client: caller.address, userAgent: caller.userAgent, wantsHtml: wantsPage });
    // 201 is a stored enquiry; the honeypot is answered 200, as if sent, and converts nothing.
    if (outcome.body.ok && outcome.status === 201) recordConversion(runtime, outcome.body.id, caller.address, caller.userAgent);
    if (!outcome.wantsHtml) return json(outcome.status, outcome.body, { headers: outcome.headers });
    if (outcome.body.ok) return context.redirect(outcome.body.download ? paths.checklistSent : paths.contactSent, 303);
    return formAgain(context, outcome);
  },
);

export const ALL = route({}, async () => methodNotAllowed('POST', 'Use POST to send a message.'));

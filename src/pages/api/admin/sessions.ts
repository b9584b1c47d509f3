import type { APIRoute } from 'astro';
import { revokeForm } from '~/lib/admin-forms';
import { callerOf, jsonAnswer } from '~/server/api/caller';
import { guarded } from '~/server/api/endpoint';
import { formEndpoint } from '~/server/features/auth/form-endpoint';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

export const GET: APIRoute = (context) =>
  guarded(async () => {
    const { adminAuth } = await getRuntime();
    return jsonAnswer(200, { ok: true, sessions: await adminAuth.listSessions(callerOf(context), context.locals.admin!) });
  });

/** Sign out one session (scope "one" with its id), every other session, or everywhere. */
export const POST = formEndpoint(revokeForm, async ({ auth, caller, data, session }) => {
  if (data.scope === 'one' && !data.id) return { status: 400, body: { ok: false, errors: { id: 'Say which session to sign out.' } }, cookies: [] };
  return auth.revokeSessions(caller, session!, data.scope === 'one' ? { id: data.id! } : data.scope);
});

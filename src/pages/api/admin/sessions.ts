import { revokeForm } from '~/lib/admin-forms';
import type { SessionListAnswer } from '~/lib/admin-types';
import { ok } from '~/server/api/answers';
import { invalidFields } from '~/server/api/http-error';
import { route } from '~/server/api/route';

export const prerender = false;

export const GET = route({ admin: true }, async ({ runtime, caller, admin }) =>
  ok({ ok: true, sessions: await runtime.adminAuth.listSessions(caller, admin) } satisfies SessionListAnswer),
);

/** Sign out one session (scope "one" with its id), every other session, or everywhere. */
export const POST = route({ body: revokeForm, admin: true }, async ({ runtime, caller, body, admin }) => {
  if (body.scope === 'one' && !body.id) throw invalidFields({ id: 'Say which session to sign out.' });
  return runtime.adminAuth.revokeSessions(caller, admin, body.scope === 'one' ? { id: body.id! } : body.scope);
});

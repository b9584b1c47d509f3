/** The admin's form endpoints: body checked against a schema, then an auth function with the caller and the session. */
import type { APIRoute } from 'astro';
import type { z } from 'zod';
import { callerOf, type Caller, jsonAnswer } from '../../api/caller';
import { guarded, readForm } from '../../api/endpoint';
import type { AdminAuth, AdminSession, AuthAnswer } from './admin-auth';

/**
 * A POST endpoint of the admin: body checked against `schema`, then `act` with the auth functions, the caller and
 * the signed-in session (the middleware has already refused requests without one under /api/admin).
 */
export function formEndpoint<T extends z.ZodType>(
  schema: T,
  act: (input: { auth: AdminAuth; caller: Caller; data: z.infer<T>; session: AdminSession | null }) => Promise<AuthAnswer>,
): APIRoute {
  return (context) =>
    guarded(async () => {
      const form = await readForm(context.request, schema);
      if ('answer' in form) return form.answer;
      const { adminAuth } = await context.locals.runtime();
      const answer = await act({ auth: adminAuth, caller: callerOf(context), data: form.data, session: context.locals.admin ?? null });
      return jsonAnswer(answer.status, answer.body, answer.cookies, answer.headers);
    });
}

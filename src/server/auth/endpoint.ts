/** Reading and checking an admin endpoint's JSON body: bad input is a 4xx with field messages, never a 5xx. */
import type { APIRoute } from 'astro';
import type { z } from 'zod';
import { fieldErrors } from '~/lib/admin-forms';
import { BodyError, fromWebRequest, readFields } from '../request-body';
import { getRuntime } from '../runtime';
import type { AdminAuth, AdminSession, AuthAnswer, Caller } from './admin-auth';
import { callerOf, jsonAnswer } from './caller';

export async function readForm<T extends z.ZodType>(request: Request, schema: T): Promise<{ data: z.infer<T> } | { answer: Response }> {
  let fields: Record<string, string>;
  try {
    const read = await readFields(fromWebRequest(request));
    if (read.forbiddenKey) return { answer: jsonAnswer(400, { ok: false, error: 'The request is not valid.' }) };
    fields = read.fields;
  } catch (error) {
    if (error instanceof BodyError) return { answer: jsonAnswer(error.status, { ok: false, error: error.message }) };
    throw error;
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return { answer: jsonAnswer(400, { ok: false, errors: fieldErrors(parsed.error) }) };
  return { data: parsed.data };
}

/** Runs an endpoint body; a database that does not answer gives a 503 the page can explain. */
export async function guarded(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    console.error('[admin]', error);
    return jsonAnswer(503, { ok: false, error: 'The server could not complete that just now. Please try again in a minute.' }, [], { 'Retry-After': '60' });
  }
}

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
      const { adminAuth } = await getRuntime();
      const answer = await act({ auth: adminAuth, caller: callerOf(context), data: form.data, session: context.locals.admin ?? null });
      return jsonAnswer(answer.status, answer.body, answer.cookies, answer.headers);
    });
}

/** Reading and checking an admin endpoint's JSON body: bad input is a 4xx with field messages, never a 5xx. */
import type { z } from 'zod';
import { fieldErrors } from '~/lib/admin-forms';
import { BodyError, fromWebRequest, readFields } from './request-body';
import { jsonAnswer } from './caller';
import { errorField, log } from '../platform/log.mjs';

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
    log.error(errorField(error), '[admin] request failed');
    return jsonAnswer(503, { ok: false, error: 'The server could not complete that just now. Please try again in a minute.' }, [], { 'Retry-After': '60' });
  }
}

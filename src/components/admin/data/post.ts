/**
 * The admin's one way to write to the server: JSON in, the answer typed. `post<Answer>(url, body)` resolves to the
 * status and either the endpoint's answer (`ok: true`, the type given or `DoneAnswer`) or a refusal (`AdminRefusal`,
 * or the endpoint's own refusal type `R`); it never throws. A server that cannot be reached reads as status 0.
 */
import type { AdminRefusal, DoneAnswer } from '~/lib/admin-types';

export const unreachableMessage = 'The server could not be reached. Check your connection and try again.';

/** What a failed read or preview says when the answer has no words of its own. */
export const answeredMessage = (status: number) => `The server answered ${status}.`;

export type WriteMethod = 'POST' | 'PUT' | 'DELETE';

export interface Posted<A extends { ok: true }, R extends { ok: false } = never> {
  status: number;
  body: A | AdminRefusal | R;
}

export async function post<A extends { ok: true } = DoneAnswer, R extends { ok: false } = never>(
  url: string,
  body: unknown = {},
  method: WriteMethod = 'POST',
): Promise<Posted<A, R>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
    });
  } catch {
    return { status: 0, body: { ok: false, error: unreachableMessage } };
  }
  const data: unknown = await response.json().catch(() => null);
  const answer = data !== null && typeof data === 'object' ? (data as { ok?: unknown }) : {};
  if (answer.ok === true) return { status: response.status, body: answer as A };
  // Anything else is a refusal, with whatever words it has (a body that is not JSON has none).
  return { status: response.status, body: { ...answer, ok: false } as AdminRefusal | R };
}

/** What the owner's auth functions answer an endpoint with, and the small helpers every job of it uses. */
import type { Outcome } from '../../api/answers';

/** The route kit's Outcome: status, JSON body, the cookies better-auth (or we) set, and any other headers. */
export type AuthAnswer = Outcome<Record<string, unknown>> & { cookies: string[] };

/** An answer; no cookies unless some are given. */
export function answer(status: number, body: Record<string, unknown>, cookies: string[] = [], headers?: Record<string, string>): AuthAnswer {
  return { status, body, cookies, ...(headers && { headers }) };
}

export async function readJson(response: Response): Promise<Record<string, unknown>> {
  return ((await response.json().catch(() => null)) ?? {}) as Record<string, unknown>;
}

export const retryAfter = (minutes: number) => ({ 'Retry-After': String(minutes * 60) });

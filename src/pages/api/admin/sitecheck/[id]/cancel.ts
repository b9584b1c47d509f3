import type { DoneAnswer } from '~/lib/admin-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';

export const prerender = false;

/** Asks a running check to stop; it keeps what it found so far. */
export const POST = route({ admin: true }, async ({ params, runtime }) => {
  await runtime.siteChecks.cancel(params.id!);
  return ok({ ok: true } satisfies DoneAnswer);
});

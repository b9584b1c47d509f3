import type { WatchDoneAnswer } from '~/lib/watch-types';
import { ok } from '~/server/api/answers';
import { HttpError } from '~/server/api/http-error';
import { route } from '~/server/api/route';
import { eraseSite } from '~/server/features/watch/sites';

export const prerender = false;

/** Erases a removed site and all its history. */
export const POST = route({ admin: true }, async ({ params, runtime }) => {
  const id = params.id ?? '';
  if (!(await eraseSite(runtime.db, id))) throw new HttpError(404, 'That site is not watched.');
  return ok({ ok: true } satisfies WatchDoneAnswer);
});

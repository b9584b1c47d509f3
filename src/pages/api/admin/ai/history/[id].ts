import type { DoneAnswer } from '~/lib/admin-types';
import { notFound, ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { deleteGeneration } from '~/server/features/ai/history';

export const prerender = false;

/** Deletes one stored generation. */
export const DELETE = route({ admin: true }, async ({ params, runtime }) =>
  (await deleteGeneration(runtime.db, params.id!)) ? ok({ ok: true } satisfies DoneAnswer) : notFound('That generation no longer exists.'),
);

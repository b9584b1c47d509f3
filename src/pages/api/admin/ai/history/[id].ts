import type { APIRoute } from 'astro';
import { deleteGeneration } from '~/server/features/ai/history';
import { jsonAnswer } from '~/server/api/caller';
import { guarded } from '~/server/api/endpoint';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** Deletes one stored generation. */
export const DELETE: APIRoute = (context) =>
  guarded(async () => {
    const { db } = await getRuntime();
    return (await deleteGeneration(db, context.params.id!))
      ? jsonAnswer(200, { ok: true })
      : jsonAnswer(404, { ok: false, error: 'That generation no longer exists.' });
  });

import type { APIRoute } from 'astro';
import { settings } from '~/config/settings.mjs';
import { aiStatus, listGenerations } from '~/server/features/ai/history';
import { jsonAnswer } from '~/server/api/caller';
import { guarded } from '~/server/api/endpoint';
import { getRuntime } from '~/server/runtime';
import type { AiHistoryAnswer } from '~/lib/admin-types';

export const prerender = false;

/** The recent generations and the AI status. */
export const GET: APIRoute = (context) =>
  guarded(async () => {
    const { db } = await getRuntime();
    const [history, status] = await Promise.all([listGenerations(db), aiStatus(db, settings().ai, context.locals.admin!.userId)]);
    return jsonAnswer(200, { ok: true, now: Date.now(), history, status } satisfies AiHistoryAnswer);
  });

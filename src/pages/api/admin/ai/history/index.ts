import type { AiHistoryAnswer } from '~/lib/admin-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { aiStatus, listGenerations } from '~/server/features/ai/history';

export const prerender = false;

/** The recent generations and the AI status. */
export const GET = route({ admin: true }, async ({ runtime, settings, admin }) => {
  const [history, status] = await Promise.all([listGenerations(runtime.db), aiStatus(runtime.db, settings.ai, admin.userId)]);
  return ok({ ok: true, now: Date.now(), history, status } satisfies AiHistoryAnswer);
});

import type { APIRoute } from 'astro';
import { parseTab } from '~/config/admin';
import type { DashboardTabAnswer } from '~/lib/admin-types';
import { callerOf, jsonAnswer } from '~/server/api/caller';
import { guarded } from '~/server/api/endpoint';
import { dashboardTab } from '~/server/features/dashboard/dashboard';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** GET ?tab=performance: what that dashboard tab shows (the middleware has checked the session). */
export const GET: APIRoute = (context) =>
  guarded(async () => {
    const data = await dashboardTab(await getRuntime(), callerOf(context), context.locals.admin!, parseTab(context.url.searchParams.get('tab')));
    return jsonAnswer(200, { ok: true, data } satisfies DashboardTabAnswer);
  });

import type { APIRoute } from 'astro';
import type { CurrentVisitorsAnswer } from '~/lib/admin-types';
import { currentVisitors } from '~/server/features/analytics/report';
import { jsonAnswer } from '~/server/api/caller';
import { guarded } from '~/server/api/endpoint';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** GET: visitors active in the last few minutes, which the Overview asks for again every 30 s while it is visible. */
export const GET: APIRoute = () =>
  guarded(async () => {
    const { db, analytics } = await getRuntime();
    await analytics.flush();
    return jsonAnswer(200, { ok: true, currentVisitors: await currentVisitors(db) } satisfies CurrentVisitorsAnswer);
  });

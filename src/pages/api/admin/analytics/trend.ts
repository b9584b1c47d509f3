import type { APIRoute } from 'astro';
import { vitalTrend } from '~/server/features/analytics/report';
import { jsonAnswer } from '~/server/api/caller';
import { guarded } from '~/server/api/endpoint';
import { getRuntime } from '~/server/runtime';
import type { VitalTrendAnswer } from '~/lib/admin-types';

export const prerender = false;

/** GET ?path=/services: one page's daily p75s over the last 30 days (the middleware has checked the session). */
export const GET: APIRoute = ({ url }) =>
  guarded(async () => {
    const path = url.searchParams.get('path') ?? '';
    if (!path.startsWith('/') || path.length > 300) return jsonAnswer(400, { ok: false, error: 'Choose a page.' });
    const { db, analytics } = await getRuntime();
    await analytics.flush();
    return jsonAnswer(200, { ok: true, trend: await vitalTrend(db, path) } satisfies VitalTrendAnswer);
  });

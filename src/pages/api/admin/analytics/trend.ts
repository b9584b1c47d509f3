import { z } from 'zod';
import type { VitalTrendAnswer } from '~/lib/admin-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { vitalTrend } from '~/server/features/analytics/report';

export const prerender = false;

const choosePage = 'Choose a page.';
const trendQuery = z.object({ path: z.string({ error: choosePage }).startsWith('/', choosePage).max(300, choosePage) });

/** GET ?path=/services: one page's daily p75s over the last 30 days. */
export const GET = route({ query: trendQuery, admin: true }, async ({ query, runtime }) => {
  await runtime.analytics.flush();
  return ok({ ok: true, trend: await vitalTrend(runtime.db, query.path) } satisfies VitalTrendAnswer);
});

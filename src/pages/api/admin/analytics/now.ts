import type { CurrentVisitorsAnswer } from '~/lib/admin-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { currentVisitors } from '~/server/features/analytics/report';

export const prerender = false;

/** GET: visitors active in the last few minutes, which the Overview asks for again every 30 s while it is visible. */
export const GET = route({ admin: true }, async ({ runtime }) => {
  await runtime.analytics.flush();
  return ok({ ok: true, currentVisitors: await currentVisitors(runtime.db) } satisfies CurrentVisitorsAnswer);
});

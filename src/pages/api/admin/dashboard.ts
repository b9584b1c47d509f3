import { z } from 'zod';
import { parseTab } from '~/config/admin';
import type { DashboardTabAnswer } from '~/lib/admin-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { dashboardTab } from '~/server/features/dashboard/dashboard';

export const prerender = false;

/** An unknown or missing tab is the Overview, as the page shows it. */
const tabQuery = z.object({
  tab: z
    .string()
    .optional()
    .transform((tab) => parseTab(tab ?? null)),
});

/** GET ?tab=performance: what that dashboard tab shows. */
export const GET = route({ query: tabQuery, admin: true }, async ({ query, runtime, caller, admin }) =>
  ok({ ok: true, data: await dashboardTab(runtime, caller, admin, query.tab) } satisfies DashboardTabAnswer),
);

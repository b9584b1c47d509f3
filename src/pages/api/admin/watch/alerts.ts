import type { WatchAlertsAnswer } from '~/lib/watch-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { listAlerts } from '~/server/features/watch/health';
import { alertsQuery } from '~/server/features/watch/schema';

export const prerender = false;

/** The alerts, open first, with what was seen. */
export const GET = route({ query: alertsQuery, admin: true }, async ({ query, runtime }) => {
  const alerts = await listAlerts(runtime.db, query);
  return ok({ ok: true, now: Date.now(), alerts, open: alerts.filter((a) => a.open).length } satisfies WatchAlertsAnswer);
});

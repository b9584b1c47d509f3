import { z } from 'zod';
import { watchHistoryPeriods, type WatchHistoryPeriod } from '~/config/watch';
import type { WatchHistoryAnswer } from '~/lib/watch-types';
import { ok } from '~/server/api/answers';
import { HttpError } from '~/server/api/http-error';
import { route } from '~/server/api/route';
import { availabilityHistory } from '~/server/features/watch/health';
import { getSite } from '~/server/features/watch/sites';

export const prerender = false;

const historyQuery = z.object({
  period: z.enum(Object.keys(watchHistoryPeriods) as [WatchHistoryPeriod, ...WatchHistoryPeriod[]]).default('24h'),
});

/** A site's response time per slot and its incidents, over the last 24 hours or 7 days, from its availability checks. */
export const GET = route({ query: historyQuery, admin: true }, async ({ query, params, runtime }) => {
  const site = await getSite(runtime.db, params.id ?? '');
  if (!site) throw new HttpError(404, 'That site is not watched (it may have been removed).');
  return ok({ ok: true, history: await availabilityHistory(runtime.db, site.id, query.period) } satisfies WatchHistoryAnswer);
});

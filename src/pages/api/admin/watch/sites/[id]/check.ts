import type { WatchCheckNowAnswer } from '~/lib/watch-types';
import { ok } from '~/server/api/answers';
import { HttpError } from '~/server/api/http-error';
import { route } from '~/server/api/route';
import { siteWithHealth } from '~/server/features/watch/health';
import { checkNow } from '~/server/features/watch/scheduler';
import { getSite } from '~/server/features/watch/sites';

export const prerender = false;

/**
 * "Check now": the site's availability and certificate checked at once, as the scheduler checks them, and the site
 * with their results. Refused in words while a check of it runs, or within a minute of the last.
 */
export const POST = route({ admin: true }, async ({ params, runtime }) => {
  const site = await getSite(runtime.db, params.id ?? '');
  if (!site) throw new HttpError(404, 'That site is not watched (it may have been removed).');
  await checkNow(runtime.watch.deps, site);
  return ok({ ok: true, now: Date.now(), site: await siteWithHealth(runtime.db, site) } satisfies WatchCheckNowAnswer);
});

import type { WatchDoneAnswer, WatchSiteAnswer } from '~/lib/watch-types';
import { ok } from '~/server/api/answers';
import { HttpError } from '~/server/api/http-error';
import { route } from '~/server/api/route';
import { siteWithHealth } from '~/server/features/watch/health';
import { watchSiteEdit } from '~/server/features/watch/schema';
import { removeSite, updateSite } from '~/server/features/watch/sites';

export const prerender = false;

const notWatched = () => new HttpError(404, 'That site is not watched (it may have been removed).');

/** Changes a site's name, contact, schedule or the checks switched off. */
export const POST = route({ body: watchSiteEdit, bodyFrom: 'json', admin: true }, async ({ body, params, runtime }) => {
  const id = params.id ?? '';
  const site = await updateSite(runtime.db, id, body);
  if (!site) throw notWatched();
  // A property named or changed: read from it now.
  if (body.searchProperty !== undefined) runtime.search.syncSite(site.id);
  return ok({ ok: true, site: await siteWithHealth(runtime.db, site) } satisfies WatchSiteAnswer);
});

/** Stops watching a site; its history stays until it is erased. */
export const DELETE = route({ admin: true }, async ({ params, runtime }) => {
  const id = params.id ?? '';
  if (!(await removeSite(runtime.db, id))) throw notWatched();
  return ok({ ok: true } satisfies WatchDoneAnswer);
});

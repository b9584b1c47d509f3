import type { WatchSiteAnswer, WatchSitesAnswer } from '~/lib/watch-types';
import { created, ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { siteWithHealth, sitesWithHealth } from '~/server/features/watch/health';
import { watchSiteForm } from '~/server/features/watch/schema';
import { quietHoursView } from '~/server/features/watch/quiet';
import { addSite } from '~/server/features/watch/sites';

export const prerender = false;

/** Every watched site (removed ones too, until erased) with its health, and the quiet hours in force. */
export const GET = route({ admin: true }, async ({ runtime, settings }) =>
  ok({
    ok: true,
    now: Date.now(),
    sites: await sitesWithHealth(runtime.db),
    quietHours: await quietHoursView(runtime.db, settings.watch.quietHours),
  } satisfies WatchSitesAnswer),
);

/** Adds a client's site; its first checks run at the scheduler's next look, which is asked for now, and its first search sync starts. */
export const POST = route({ body: watchSiteForm, bodyFrom: 'json', admin: true }, async ({ body, runtime }) => {
  const site = await addSite(runtime.db, body, runtime.watch.deps.reach.addressPolicy);
  runtime.watch.kick();
  // Its search figures too: the last 16 months now, not at the next daily sync.
  runtime.search.syncSite(site.id);
  return created({ ok: true, site: await siteWithHealth(runtime.db, site) } satisfies WatchSiteAnswer);
});

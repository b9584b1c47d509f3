import type { SiteCheckAnswer } from '~/lib/admin-types';
import { notFound, ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { getRun } from '~/server/features/sitecheck/service';

export const prerender = false;

/** One run: progress while it runs, then its findings and what changed since the previous run of the site. */
export const GET = route({ admin: true }, async ({ params, runtime }) => {
  const found = await getRun(runtime.db, params.id!);
  return found ? ok({ ok: true, now: Date.now(), run: found.run } satisfies SiteCheckAnswer) : notFound('That run no longer exists.');
});

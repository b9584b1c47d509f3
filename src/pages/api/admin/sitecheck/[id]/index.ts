import type { APIRoute } from 'astro';
import { jsonAnswer } from '~/server/api/caller';
import { guarded } from '~/server/api/endpoint';
import { getRun } from '~/server/features/sitecheck/service';
import { getRuntime } from '~/server/runtime';
import type { SiteCheckAnswer } from '~/lib/admin-types';

export const prerender = false;

/** One run: progress while it runs, then its findings and what changed since the previous run of the site. */
export const GET: APIRoute = (context) =>
  guarded(async () => {
    const { db } = await getRuntime();
    const found = await getRun(db, context.params.id!);
    return found
      ? jsonAnswer(200, { ok: true, now: Date.now(), run: found.run } satisfies SiteCheckAnswer)
      : jsonAnswer(404, { ok: false, error: 'That run no longer exists.' });
  });

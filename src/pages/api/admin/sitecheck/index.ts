import type { SiteChecksAnswer, SiteCheckStartAnswer } from '~/lib/admin-types';
import { siteCheckForm } from '~/lib/admin-forms';
import { accepted, ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { listRuns } from '~/server/features/sitecheck/service';

export const prerender = false;

/** The latest runs, the one in progress first. */
export const GET = route({ admin: true }, async ({ runtime }) =>
  ok({ ok: true, now: Date.now(), runs: await listRuns(runtime.db) } satisfies SiteChecksAnswer),
);

/** Starts checking a site in the background. */
export const POST = route({ body: siteCheckForm, admin: true }, async ({ body, runtime }) =>
  accepted({ ok: true, id: await runtime.siteChecks.start(body.url, body.maxPages) } satisfies SiteCheckStartAnswer),
);

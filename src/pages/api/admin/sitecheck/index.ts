import type { APIRoute } from 'astro';
import { siteCheckForm } from '~/lib/admin-forms';
import { jsonAnswer } from '~/server/api/caller';
import { guarded, readForm } from '~/server/api/endpoint';
import { SiteCheckError } from '~/server/features/sitecheck/checker.mjs';
import { listRuns } from '~/server/features/sitecheck/service';
import { getRuntime } from '~/server/runtime';
import type { SiteChecksAnswer } from '~/lib/admin-types';

export const prerender = false;

/** The latest runs, the one in progress first. */
export const GET: APIRoute = () =>
  guarded(async () => {
    const { db } = await getRuntime();
    return jsonAnswer(200, { ok: true, now: Date.now(), runs: await listRuns(db) } satisfies SiteChecksAnswer);
  });

/** Starts checking a site in the background. */
export const POST: APIRoute = (context) =>
  guarded(async () => {
    const form = await readForm(context.request, siteCheckForm);
    if ('answer' in form) return form.answer;
    const { siteChecks } = await getRuntime();
    try {
      const id = await siteChecks.start(form.data.url, form.data.maxPages);
      if (id === null) return jsonAnswer(409, { ok: false, error: 'A check is already running. Wait for it to finish, or cancel it.' });
      return jsonAnswer(202, { ok: true, id });
    } catch (error) {
      if (error instanceof SiteCheckError) return jsonAnswer(400, { ok: false, errors: { url: error.message } });
      throw error;
    }
  });

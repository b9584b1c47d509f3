import type { APIRoute } from 'astro';
import { jsonAnswer } from '~/server/api/caller';
import { guarded } from '~/server/api/endpoint';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** Asks a running check to stop; it keeps what it found so far. */
export const POST: APIRoute = (context) =>
  guarded(async () => {
    const { siteChecks } = await getRuntime();
    return (await siteChecks.cancel(context.params.id!))
      ? jsonAnswer(200, { ok: true })
      : jsonAnswer(409, { ok: false, error: 'That run is not running any more.' });
  });

import type { APIRoute } from 'astro';
import { settings } from '~/config/settings.mjs';
import { indexNowUrlForm } from '~/lib/admin-forms';
import { jsonAnswer } from '~/server/api/caller';
import { guarded, readForm } from '~/server/api/endpoint';
import { startRun } from '~/server/features/indexnow/endpoint';
import { siteUrlToSubmit } from '~/server/features/indexnow/indexnow.mjs';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** Submit one page of this site, changed or not (another host, the admin or an address with no page is refused). */
export const POST: APIRoute = (context) =>
  guarded(async () => {
    const form = await readForm(context.request, indexNowUrlForm);
    if ('answer' in form) return form.answer;
    const runtime = await getRuntime();
    const target = siteUrlToSubmit(form.data.url, settings().siteUrl, await runtime.indexNow.pagePaths());
    if ('error' in target) return jsonAnswer(400, { ok: false, errors: { url: target.error } });
    return startRun(runtime, 'admin-url', [target.url]);
  });

import type { APIRoute } from 'astro';
import { indexNowSwitchForm } from '~/lib/admin-forms';
import { guarded, readForm } from '~/server/api/endpoint';
import { switchAnswer } from '~/server/features/indexnow/endpoint';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** POST on=on|off: IndexNow switched on or off by the owner (the middleware has checked the session and the site). */
export const POST: APIRoute = (context) =>
  guarded(async () => {
    const form = await readForm(context.request, indexNowSwitchForm);
    if ('answer' in form) return form.answer;
    return switchAnswer(await getRuntime(), form.data.on === 'on');
  });

import type { APIRoute } from 'astro';
import { weeklySummaryForm } from '~/lib/admin-forms';
import { setWeeklySummary } from '~/server/features/dashboard/weekly-summary';
import { jsonAnswer } from '~/server/api/caller';
import { guarded, readForm } from '~/server/api/endpoint';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** POST enabled=on|off: the weekly summary e-mail on or off (the middleware has checked the session). */
export const POST: APIRoute = (context) =>
  guarded(async () => {
    const form = await readForm(context.request, weeklySummaryForm);
    if ('answer' in form) return form.answer;
    const { db } = await getRuntime();
    await setWeeklySummary(db, form.data.enabled === 'on');
    return jsonAnswer(200, { ok: true, enabled: form.data.enabled === 'on' });
  });

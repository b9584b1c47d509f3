import { weeklySummaryForm } from '~/lib/admin-forms';
import type { WeeklySummaryAnswer } from '~/lib/admin-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { setWeeklySummary } from '~/server/features/dashboard/weekly-summary';

export const prerender = false;

/** POST enabled=on|off: the weekly summary e-mail on or off. */
export const POST = route({ body: weeklySummaryForm, admin: true }, async ({ body, runtime }) => {
  await setWeeklySummary(runtime.db, body.enabled === 'on');
  return ok({ ok: true, enabled: body.enabled === 'on' } satisfies WeeklySummaryAnswer);
});

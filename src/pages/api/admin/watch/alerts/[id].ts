import { alertHandlingForm } from '~/lib/watch-forms';
import type { WatchAlertAnswer } from '~/lib/watch-types';
import { ok } from '~/server/api/answers';
import { HttpError } from '~/server/api/http-error';
import { route } from '~/server/api/route';
import { handleAlert } from '~/server/features/watch/alerts';
import { alertView } from '~/server/features/watch/health';

export const prerender = false;

/** Acknowledges or mutes one open alert, with a note, or sets it back; answers the alert as Alerts shows it. */
export const POST = route({ body: alertHandlingForm, bodyFrom: 'json', admin: true }, async ({ body, params, admin, runtime }) => {
  const id = params.id ?? '';
  await handleAlert(runtime.db, id, { state: body.state, note: body.note, by: admin.email }, Date.now());
  const alert = await alertView(runtime.db, id);
  if (!alert) throw new HttpError(404, 'That alert is not there.');
  return ok({ ok: true, alert } satisfies WatchAlertAnswer);
});

import { leadUpdateForm } from '~/lib/admin-forms';
import type { DoneAnswer } from '~/lib/admin-types';
import { ok } from '~/server/api/answers';
import { HttpError } from '~/server/api/http-error';
import { route } from '~/server/api/route';
import { setConversionSpam } from '~/server/features/analytics/conversions';
import { deleteLead, setLeadStatus } from '~/server/features/contact/inbox';

export const prerender = false;

const gone = () => new HttpError(404, 'That enquiry no longer exists.');

/** Mark an enquiry as new, replied, client or spam. */
export const POST = route({ body: leadUpdateForm, admin: true }, async ({ params, body, runtime }) => {
  if (!(await setLeadStatus(runtime.db, params.id!, body.status))) throw gone();
  // Conversions and enquiries agree: spam is not a conversion (and stops being spam when marked otherwise).
  await setConversionSpam(runtime.db, params.id!, body.status === 'spam');
  return ok({ ok: true } satisfies DoneAnswer);
});

/** Erase an enquiry and its notification e-mail (a data-subject erasure request, or plain clean-up). */
export const DELETE = route({ admin: true }, async ({ params, runtime }) => {
  if (!(await deleteLead(runtime.db, params.id!))) throw gone();
  return ok({ ok: true } satisfies DoneAnswer);
});

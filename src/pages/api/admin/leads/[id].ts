import type { APIRoute } from 'astro';
import { leadUpdateForm } from '~/lib/admin-forms';
import { setConversionSpam } from '~/server/features/analytics/conversions';
import { deleteLead, setLeadStatus } from '~/server/features/contact/inbox';
import { jsonAnswer } from '~/server/api/caller';
import { guarded, readForm } from '~/server/api/endpoint';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

const notFound = () => jsonAnswer(404, { ok: false, error: 'That enquiry no longer exists.' });

/** Mark an enquiry as new, replied, client or spam. */
export const POST: APIRoute = (context) =>
  guarded(async () => {
    const form = await readForm(context.request, leadUpdateForm);
    if ('answer' in form) return form.answer;
    const { db } = await getRuntime();
    if (!(await setLeadStatus(db, context.params.id!, form.data.status))) return notFound();
    // Conversions and enquiries agree: spam is not a conversion (and stops being spam when marked otherwise).
    await setConversionSpam(db, context.params.id!, form.data.status === 'spam');
    return jsonAnswer(200, { ok: true });
  });

/** Erase an enquiry and its notification e-mail (a data-subject erasure request, or plain clean-up). */
export const DELETE: APIRoute = (context) =>
  guarded(async () => {
    const { db } = await getRuntime();
    return (await deleteLead(db, context.params.id!)) ? jsonAnswer(200, { ok: true }) : notFound();
  });

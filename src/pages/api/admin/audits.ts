import type { AuditsAnswer } from '~/lib/audit-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { auditConversion, listAudits } from '~/server/features/audit/queries';

export const prerender = false;

/** The latest free audits visitors ran, and the share that became an enquiry. */
export const GET = route({ admin: true }, async ({ runtime }) => {
  const now = Date.now();
  const [audits, conversion] = await Promise.all([listAudits(runtime.db), auditConversion(runtime.db, now)]);
  return ok({ ok: true, now, audits, conversion } satisfies AuditsAnswer);
});

import type { APIRoute } from 'astro';
import type { AuditsAnswer } from '~/lib/audit-types';
import { jsonAnswer } from '~/server/api/caller';
import { guarded } from '~/server/api/endpoint';
import { auditConversion, listAudits } from '~/server/features/audit/service';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** The latest free audits visitors ran, and the share that became an enquiry (the middleware has checked the session). */
export const GET: APIRoute = () =>
  guarded(async () => {
    const { db } = await getRuntime();
    const now = Date.now();
    const [audits, conversion] = await Promise.all([listAudits(db), auditConversion(db, now)]);
    return jsonAnswer(200, { ok: true, now, audits, conversion } satisfies AuditsAnswer);
  });

import { siteSettingsForm } from '~/lib/report-forms';
import type { ReportDoneAnswer } from '~/lib/report-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { saveSiteSettings } from '~/server/features/report/endpoint';

export const prerender = false;

/** site, contactName, recipients (one a line), contents[]: whom a site's report greets and goes to, and what it holds. */
export const POST = route({ body: siteSettingsForm, bodyFrom: 'json', admin: true }, async ({ body, runtime }) =>
  ok({ ok: true, message: await saveSiteSettings(runtime.reports.deps, body) } satisfies ReportDoneAnswer),
);

import type { ReportLinkAnswer } from '~/lib/report-types';
import { created } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { newReportLink } from '~/server/features/report/endpoint';

export const prerender = false;

/** A new read-only link for the client, shown once. */
export const POST = route({ admin: true }, async ({ params, runtime }) =>
  created((await newReportLink(runtime.reports.deps, params.id!)) satisfies ReportLinkAnswer),
);

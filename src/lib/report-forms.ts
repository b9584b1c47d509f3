/** The Reports view's forms: one zod schema each, read by the admin's form and by the endpoint behind it. */
import { z } from 'zod';
import { reportLimits, reportMessages } from '~/config/report';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a day.');

/** A month's report, or one for any span of days (`from` and `to`) on demand. */
export const makeReportForm = z.union([
  z.object({ site: z.string().min(1, 'Choose a site.').max(200), month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, reportMessages.badMonth) }),
  z.object({ site: z.string().min(1, 'Choose a site.').max(200), from: day, to: day }),
]);
export type MakeReportForm = z.infer<typeof makeReportForm>;

export const summaryForm = z.object({
  summary: z.string().max(reportLimits.summaryMax, reportMessages.summaryTooLong),
});

export const autoSendForm = z.object({
  site: z.string().min(1).max(200),
  on: z.enum(['true', 'false']),
});

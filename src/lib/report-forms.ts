/** The Reports view's forms: one zod schema each, read by the admin's form and by the endpoint behind it. */
import { z } from 'zod';
import { reportContentIds, reportLimits, reportMessages } from '~/config/report';
import { siteIdFrom } from './site-types';

/** A site's id; `this` (a page loaded before this site's id changed) is read as this site's. */
const siteField = z.string().min(1).max(200).transform(siteIdFrom);

const day = z.string({ error: 'Give a day.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a day.');

/**
 * A month's report, or one for any span of days (`from` and `to`) on demand. One object rather than a union of two, so
 * a refusal names its field (a union's refusal names none).
 */
export const makeReportForm = z
  .object({
    site: z.string({ error: 'Choose a site.' }).min(1, 'Choose a site.').max(200).transform(siteIdFrom),
    month: z
      .string({ error: reportMessages.badMonth })
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, reportMessages.badMonth)
      .optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .superRefine((form, context) => {
    if (form.month !== undefined) return;
    for (const field of ['from', 'to'] as const) {
      if (form[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: reportMessages.monthOrDays });
    }
  })
  .transform((form) => (form.month !== undefined ? { site: form.site, month: form.month } : { site: form.site, from: form.from!, to: form.to! }));
export type MakeReportForm = z.infer<typeof makeReportForm>;

export const summaryForm = z.object({
  summary: z.string({ error: reportMessages.summaryNotText }).max(reportLimits.summaryMax, reportMessages.summaryTooLong),
});

export const autoSendForm = z.object({
  site: siteField,
  on: z.enum(['true', 'false']),
});

/**
 * A site's report settings (Reports → Sites): the contact's name, the addresses the report goes to (one a line or
 * separated by commas; none: the site's client e-mail), and the parts the client gets (at least one).
 */
export const siteSettingsForm = z.object({
  site: siteField,
  contactName: z
    .string()
    .trim()
    .max(reportLimits.contactNameMax, reportMessages.contactNameTooLong)
    .transform((name) => name || null),
  recipients: z
    .string()
    .max(2000, reportMessages.tooManyRecipients)
    .transform((text) =>
      text
        .split(/[\s,;]+/)
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .superRefine((addresses, context) => {
      const bad = addresses.find((address) => !z.email().safeParse(address).success);
      if (bad) context.addIssue({ code: 'custom', message: reportMessages.badRecipient(bad) });
      else if (addresses.length > reportLimits.recipientsMax) context.addIssue({ code: 'custom', message: reportMessages.tooManyRecipients });
      else {
        const seen = new Set<string>();
        for (const address of addresses) {
          if (seen.has(address.toLowerCase())) return context.addIssue({ code: 'custom', message: reportMessages.repeatedRecipient(address) });
          seen.add(address.toLowerCase());
        }
      }
    }),
  contents: z.array(z.enum(reportContentIds)).min(1, reportMessages.noContents),
});
export type SiteSettingsForm = z.infer<typeof siteSettingsForm>;

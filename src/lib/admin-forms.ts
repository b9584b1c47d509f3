/** The admin's forms, checked by the same rules in the browser and on the server. Messages are en-GB. */
import { z } from 'zod';
import { leadStatuses } from '~/config/admin';

const email = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address.')
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email('Enter a valid e-mail address.'));
const password = z.string().min(1, 'Enter your password.').max(128, 'That password is too long.');
const newPassword = z.string().min(1, 'Choose a new password.').max(1000, 'That password is too long.');

export const signInForm = z.object({ email, password });
export const codeForm = z.object({
  method: z.enum(['totp', 'backup']),
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^(\d{6}|[A-Za-z0-9-]{8,24})$/, 'Enter the 6-digit code from your app, or a backup code.')),
});
export const forgotPasswordForm = z.object({ email });
export const resetPasswordForm = z.object({ token: z.string().min(10).max(200), password: newPassword });
export const changePasswordForm = z.object({ currentPassword: password, newPassword });
export const passwordOnlyForm = z.object({ password });
export const confirmCodeForm = z.object({ code: z.string().regex(/^\s*\d{3}\s?\d{3}\s*$/, 'Enter the 6-digit code from your app.') });
export const revokeForm = z.object({ scope: z.enum(['one', 'others', 'all']), id: z.string().max(200).optional() });
export const leadUpdateForm = z.object({ status: z.enum(leadStatuses) });
export const weeklySummaryForm = z.object({ enabled: z.enum(['on', 'off']) });
export const indexNowUrlForm = z.object({
  url: z.string().trim().min(1, 'Enter the address of a page of this site.').max(2048, 'That address is too long.'),
});

export const siteCheckForm = z.object({
  url: z.string().trim().min(1, 'Enter the address of the site to check.').max(2048, 'That address is too long.'),
  maxPages: z.coerce
    .number('Enter a number of pages.')
    .int('Enter a whole number of pages.')
    .min(1, 'Check at least 1 page.')
    .max(1000, 'Check at most 1,000 pages.'),
});

export type FieldErrors = Record<string, string>;

/** The first message per field, as forms show them. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

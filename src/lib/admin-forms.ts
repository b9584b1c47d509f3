/** The admin's forms, checked by the same rules in the browser and on the server. Messages are en-GB. */
import { z } from 'zod';
import { leadStatuses } from '~/config/admin';
import { backupCodes } from '~/config/two-factor.mjs';

const email = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address.')
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email('Enter a valid e-mail address.'));
const password = z.string().min(1, 'Enter your password.').max(128, 'That password is too long.');
const newPassword = z.string().min(1, 'Choose a new password.').max(1000, 'That password is too long.');

export const signInForm = z.object({ email, password });

/** A code typed at sign-in: six digits from the app, or a backup code; spaces and dashes anywhere, any case. */
export type TwoFactorCode = { method: 'totp'; code: string } | { method: 'backup'; code: string; typed: string };

/** Which kind of code was typed, in the form its verifier compares (a backup code upper-cased, as `ABCDE-FGHJK`). */
export function readTwoFactorCode(input: string): TwoFactorCode | null {
  const compact = input.replace(/[\s-]+/g, '');
  if (/^\d{6}$/.test(compact)) return { method: 'totp', code: compact };
  if (!/^[A-Za-z0-9]{8,24}$/.test(compact)) return null;
  const upper = compact.toUpperCase();
  const half = backupCodes.length / 2;
  const code = upper.length === backupCodes.length ? `${upper.slice(0, half)}-${upper.slice(half)}` : upper;
  // As typed (spaces dropped), for backup codes made before the unambiguous alphabet, which are case-sensitive.
  return { method: 'backup', code, typed: input.replace(/\s+/g, '') };
}

export const codeMessage = 'Enter the 6-digit code from your app, or a backup code.';
export const codeForm = z.object({
  code: z
    .string()
    .max(64, codeMessage)
    .transform((value, context) => {
      const code = readTwoFactorCode(value);
      if (!code) context.addIssue({ code: 'custom', message: codeMessage });
      return code ?? z.NEVER;
    }),
});
export const forgotPasswordForm = z.object({ email });
export const resetPasswordForm = z.object({ token: z.string().min(10).max(200), password: newPassword });
export const changePasswordForm = z.object({ currentPassword: password, newPassword });
export const passwordOnlyForm = z.object({ password });
export const confirmCodeForm = z.object({ code: z.string().regex(/^\s*\d{3}\s?\d{3}\s*$/, 'Enter the 6-digit code from your app.') });
export const revokeForm = z.object({ scope: z.enum(['one', 'others', 'all']), id: z.string().max(200).optional() });
export const leadUpdateForm = z.object({ status: z.enum(leadStatuses) });
export const weeklySummaryForm = z.object({ enabled: z.enum(['on', 'off']) });
export const indexNowSwitchForm = z.object({ on: z.enum(['on', 'off']) });
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

/**
 * Contact form rules (SPEC §5), shared by the browser form and the server endpoint so both say exactly the same thing.
 * Order: clean every field, then honeypot, rate limit (both decided by the caller), name, e-mail, subject, message.
 */
import { z } from 'zod';
import { contactLimits } from '~/config/contact';

// zod compiles object parsers with `new Function` unless told not to; the site's CSP (rightly) forbids eval.
z.config({ jitless: true });

export { applyPreset, parseRequestType, requestPresets, requestTypeLabels, requestTypes, type RequestType } from './contact-presets';

export const contactFields = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactInput = Record<ContactField, string>;
export type FieldErrors = Partial<Record<ContactField, string>>;

/** The hidden field bots fill in; people never see it. */
export const honeypotField = 'website';

export const contactMessages = {
  nameRequired: 'Name is required',
  nameShort: `Name must be at least ${contactLimits.fieldMin.name} characters long`,
  nameLong: `Name must be less than ${contactLimits.fieldMax.name} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailLong: `Email must be less than ${contactLimits.fieldMax.email} characters`,
  subjectShort: `Subject must be at least ${contactLimits.fieldMin.subject} characters long`,
  subjectLong: `Subject must be less than ${contactLimits.fieldMax.subject} characters`,
  messageShort: `Message must be at least ${contactLimits.fieldMin.message} characters long`,
  messageLong: `Message must be less than ${contactLimits.fieldMax.message} characters`,
  validationTitle: 'Validation Error',
  validationText: 'Please fix the errors below and try again.',
  rateLimitTitle: 'Too Many Submissions',
  successTitle: 'Message sent!',
  successText: "Thank you for contacting us. We'll get back to you soon.",
  failureTitle: 'Failed to send message',
  serverDefault: 'Failed to send message',
} as const;

export function rateLimitText(minutes: number): string {
  return `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before submitting again.`;
}

// --- Cleaning (SPEC §5, applied first, in this order) ---------------------------------------------------------------

const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const scriptOrIframe = /<\s*(script|iframe)\b[^>]*>[\s\S]*?<\s*\/\s*\1\s*>|<\s*\/?\s*(script|iframe)\b[^>]*>?/gi;
const dangerousProtocol = /\b(?:javascript|vbscript)\s*:/gi;
const inlineHandler = /\bon[a-z]+\s*=/gi;
/**
 * Everything but word characters (any script, so names such as Zoë or Łukasz survive), whitespace and the listed
 * punctuation is removed. Beyond the specification's @ . , ! ? ( ) { } [ ] quotes and hyphens (including en and em
 * dashes), we keep £ % & / : + #
 * because removing them corrupts prices, web addresses and addresses such as name+tag@example.com; all output is
 * escaped, so they are harmless. Angle brackets, backticks, backslashes and the like still go.
 */
const disallowed = /[^\p{L}\p{M}\p{N}_\s@.,!?(){}[\]'"‘’“”\-–—£%&/:+#]/gu;

/** Name, e-mail and subject are one line each: line breaks there could forge lines in the owner's e-mail. */
const singleLineFields: ReadonlySet<ContactField> = new Set(['name', 'email', 'subject']);
const lineBreaksAndControls = /[\s\u0000-\u001F\u007F-\u009F]+/g;

export function cleanField(value: string, singleLine = false): string {
  return (singleLine ? value.replace(lineBreaksAndControls, ' ') : value)
    .trim()
    .replace(controlCharacters, '')
    .replace(scriptOrIframe, '')
    .replace(dangerousProtocol, '')
    .replace(inlineHandler, '')
    .replace(disallowed, '')
    .trim();
}

/** True when raw input carried markup or script: recorded as suspicious activity before it is cleaned away. */
export function looksLikeMarkup(value: string): boolean {
  return /<\s*\/?\s*[a-z!]|javascript\s*:|vbscript\s*:|\bon[a-z]+\s*=/i.test(value);
}

// --- Field rules ---------------------------------------------------------------------------------------------------

const emailPattern = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,}$/u;

export function isValidEmail(email: string): boolean {
  if (email.includes('..') || email.startsWith('.') || email.endsWith('.')) return false;
  const [local, domain] = email.split('@');
  if (!local || !domain || local.endsWith('.') || domain.startsWith('.') || local.length > 64) return false;
  return emailPattern.test(email);
}

const { fieldMax, fieldMin } = contactLimits;

const schema = z.object({
  name: z.string().min(1, contactMessages.nameRequired).min(fieldMin.name, contactMessages.nameShort).max(fieldMax.name, contactMessages.nameLong),
  email: z.string().min(1, contactMessages.emailRequired).max(fieldMax.email, contactMessages.emailLong).refine(isValidEmail, contactMessages.emailInvalid),
  subject: z.string().min(fieldMin.subject, contactMessages.subjectShort).max(fieldMax.subject, contactMessages.subjectLong),
  message: z.string().min(fieldMin.message, contactMessages.messageShort).max(fieldMax.message, contactMessages.messageLong),
});

export type ValidationResult = { ok: true; data: ContactInput } | { ok: false; data: ContactInput; errors: FieldErrors };

/** Cleans then checks the four fields; each field reports its first failing rule. */
export function validateContact(raw: Partial<Record<ContactField, unknown>>): ValidationResult {
  const data = Object.fromEntries(
    contactFields.map((field) => [field, cleanField(typeof raw[field] === 'string' ? (raw[field] as string) : '', singleLineFields.has(field))]),
  ) as ContactInput;
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { ok: false, data, errors };
}

/** What the server answers with; the form reads the same shape. */
export type ContactResponse = { ok: true; id: string } | { ok: false; error: string; errors?: FieldErrors; retryAfterMinutes?: number };

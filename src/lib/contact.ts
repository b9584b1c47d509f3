/**
 * Contact form rules, shared by the browser form and the server endpoint so both say exactly the same thing.
 * Order: clean every field, then honeypot, rate limit (both decided by the caller), name, e-mail, subject, message.
 * Plain functions rather than a schema library: four string fields need no more, and the form's first use downloads
 * this module, so every kilobyte here is a kilobyte before a visitor's first keystroke is handled.
 */
import { business } from '~/config/business';
import { contactLimits } from '~/config/contact';
import { plural } from './plural.mjs';

export { applyPreset, parseRequestType, requestPresets, requestTypeLabels, requestTypes, type RequestType } from './contact-presets';

export const contactFields = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactInput = Record<ContactField, string>;
export type FieldErrors = Partial<Record<ContactField, string>>;

/** The hidden field bots fill in; people never see it. */
export const honeypotField = 'website';

/** Everything the form and the endpoint say, in the owner's voice (one person: "me", never "us"). */
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
  successText: "Thank you for contacting me. I'll get back to you soon.",
  failureTitle: 'Failed to send message',
  serverDefault: 'Failed to send message',
  /** When the server gave no reason (or could not be reached). */
  failureFallback: `Please try again or e-mail me directly at ${business.email}.`,
  storageFailure: `Your message could not be saved. Please try again or e-mail me directly at ${business.email}.`,
} as const;

export function rateLimitText(minutes: number): string {
  return `Please wait ${plural(minutes, 'minute')} before submitting again.`;
}

// --- Cleaning (applied first, in this order) -------------------------------------------------------------------------

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

/** A rule answers with its message when the value breaks it. */
type Rule = (value: string) => string | undefined;
const minLength =
  (length: number, message: string): Rule =>
  (value) =>
    value.length < length ? message : undefined;
const maxLength =
  (length: number, message: string): Rule =>
  (value) =>
    value.length > length ? message : undefined;

/** Each field's rules in the order they are reported: a field shows its first broken rule only. */
const fieldRules: Record<ContactField, Rule[]> = {
  name: [minLength(1, contactMessages.nameRequired), minLength(fieldMin.name, contactMessages.nameShort), maxLength(fieldMax.name, contactMessages.nameLong)],
  email: [
    minLength(1, contactMessages.emailRequired),
    maxLength(fieldMax.email, contactMessages.emailLong),
    (value) => (isValidEmail(value) ? undefined : contactMessages.emailInvalid),
  ],
  subject: [minLength(fieldMin.subject, contactMessages.subjectShort), maxLength(fieldMax.subject, contactMessages.subjectLong)],
  message: [minLength(fieldMin.message, contactMessages.messageShort), maxLength(fieldMax.message, contactMessages.messageLong)],
};

export type ValidationResult = { ok: true; data: ContactInput } | { ok: false; data: ContactInput; errors: FieldErrors };

/** Cleans then checks the four fields; each field reports its first failing rule. */
export function validateContact(raw: Partial<Record<ContactField, unknown>>): ValidationResult {
  const data = Object.fromEntries(
    contactFields.map((field) => [field, cleanField(typeof raw[field] === 'string' ? (raw[field] as string) : '', singleLineFields.has(field))]),
  ) as ContactInput;
  const errors: FieldErrors = {};
  for (const field of contactFields) {
    const broken = fieldRules[field].map((rule) => rule(data[field])).find((message) => message !== undefined);
    if (broken) errors[field] = broken;
  }
  return Object.keys(errors).length === 0 ? { ok: true, data } : { ok: false, data, errors };
}

/** What the server answers with; the form reads the same shape. */
export type ContactResponse =
  | { ok: true; id: string; /** The checklist's address, when it was asked for. */ download?: string }
  | { ok: false; error: string; errors?: FieldErrors; retryAfterMinutes?: number };

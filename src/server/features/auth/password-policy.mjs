// @ts-check
// Password rules for the owner's account: long, not the e-mail address, not a common password. The list is the
// 49,000 most common passwords that zxcvbn-ts ships (@zxcvbn-ts/language-common), compared without case.
import { dictionary } from '@zxcvbn-ts/language-common';

export const passwordRules = { minLength: 12, maxLength: 128 };

export const passwordMessages = {
  tooShort: `Use at least ${passwordRules.minLength} characters.`,
  tooLong: `Use at most ${passwordRules.maxLength} characters.`,
  sameAsEmail: 'The password must not be your e-mail address.',
  common: 'That password is on a list of commonly used passwords. Choose another.',
};

/** @type {Set<string> | undefined} */
let common;

/**
 * @param {string} password
 * @param {string} email
 * @returns {string | null} what is wrong, or null when the password is acceptable
 */
export function passwordProblem(password, email) {
  if (password.length < passwordRules.minLength) return passwordMessages.tooShort;
  if (password.length > passwordRules.maxLength) return passwordMessages.tooLong;
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address || lower === address.split('@')[0]) return passwordMessages.sameAsEmail;
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  if (common.has(lower)) return passwordMessages.common;
  return null;
}

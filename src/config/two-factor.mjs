// @ts-check
// Two-factor backup codes, shared by better-auth's options (plain JavaScript, so the admin scripts load them), the
// sign-in form and the tests: ten, each ten characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown
// as two groups of five and typed in any case, with or without spaces or dashes.
export const backupCodes = /** @type {const} */ ({ count: 10, length: 10, alphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789' });

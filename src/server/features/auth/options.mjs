// @ts-check
// better-auth's configuration, shared by the server runtime and the admin scripts (plain JavaScript, so the scripts
// run without a TypeScript step). Accounts are e-mail + password; public sign-up is off everywhere, including
// better-auth's own server API: the owner's account is made by `npm run admin:create`.
import { randomBytes, randomInt } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { twoFactor } from 'better-auth/plugins';
import { backupCodes } from '../../../config/two-factor.mjs';
import { passwordRules } from './password-policy.mjs';

/** Backup codes from the unambiguous alphabet, as `ABCDE-FGHJK`. */
export function makeBackupCodes() {
  const half = backupCodes.length / 2;
  return Array.from({ length: backupCodes.count }, () => {
    const code = Array.from({ length: backupCodes.length }, () => backupCodes.alphabet[randomInt(backupCodes.alphabet.length)]).join('');
    return `${code.slice(0, half)}-${code.slice(half)}`;
  });
}

/** A password-reset link stays valid this long (and works once). */
export const resetLinkMinutes = 30;

/** Every auth cookie's name starts with this (requests over HTTPS get it `__Secure-`-prefixed: cookie-scheme.ts). */
export const authCookiePrefix = 'hale-admin';

/**
 * @typedef {object} AuthSetup
 * @property {import('kysely').Kysely<any>} db
 * @property {'sqlite' | 'postgres'} kind
 * @property {string} secret
 * @property {string} baseURL
 * @property {string} appName
 * @property {number} [idleMinutes] A session unused this long ends (each use pushes its expiry on).
 * @property {(reset: { email: string, token: string }) => Promise<void>} [sendResetLink] Mails the owner a link to the
 *   site's own reset page (better-auth's HTTP handler is not mounted, so its own link would lead nowhere).
 */

/**
 * The one set of options. Cookies are built with plain names; the admin's auth renames them for callers over HTTPS.
 * @param {AuthSetup} setup
 */
export function authOptions({ db, kind, secret, baseURL, appName, idleMinutes = 120, sendResetLink }) {
  const idleSeconds = idleMinutes * 60;
  return {
    appName,
    database: { db, type: /** @type {'sqlite' | 'postgres'} */ (kind) },
    secret,
    baseURL,
    basePath: '/api/auth',
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: passwordRules.minLength,
      maxPasswordLength: passwordRules.maxLength,
      resetPasswordTokenExpiresIn: resetLinkMinutes * 60,
      revokeSessionsOnPasswordReset: true,
      ...(sendResetLink && {
        sendResetPassword: async (/** @type {{ user: { email: string }, token: string }} */ { user, token }) => sendResetLink({ email: user.email, token }),
      }),
    },
    // Sliding idle expiry: every use more than a minute after the last one pushes the expiry on by the idle time. The
    // absolute limit is enforced by `currentSession` in admin-auth.ts from the session's creation time.
    // freshAge 0: disabling two-factor asks for the password instead of a recent sign-in.
    session: { expiresIn: idleSeconds, updateAge: Math.min(60, idleSeconds), freshAge: 0 },
    plugins: [twoFactor({ issuer: appName, backupCodeOptions: { customBackupCodesGenerate: makeBackupCodes } })],
    advanced: {
      // The HTTP front resolves the client address (TRUST_PROXY) and hands on only that, as X-Forwarded-For.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      useSecureCookies: false,
      cookiePrefix: authCookiePrefix,
      defaultCookieAttributes: { httpOnly: true, sameSite: /** @type {const} */ ('lax'), secure: false, path: '/' },
    },
    telemetry: { enabled: false },
  };
}

/** The process's one better-auth instance (the admin scripts make their own, being other processes). @param {AuthSetup} options */
export function createAuth(options) {
  return betterAuth(authOptions(options));
}

/**
 * Creates or extends better-auth's tables (user, session, account, verification, twoFactor) with its own
 * programmatic migrations; its CLI needs Node 22. Joined to the project's migrations by src/server/migrate.mjs.
 * @param {import('kysely').Kysely<any>} db
 * @param {'sqlite' | 'postgres'} kind
 */
export async function migrateAuthTables(db, kind) {
  const { runMigrations } = await getMigrations(
    authOptions({ db, kind, secret: randomBytes(32).toString('hex'), baseURL: 'http://localhost', appName: 'migrations' }),
  );
  await runMigrations();
}

// better-auth's configuration, shared by the server runtime and the admin scripts (plain JavaScript, so the scripts
// run without a TypeScript step). Accounts are e-mail + password; public sign-up is off everywhere, including
// better-auth's own server API: the owner's account is made by `npm run admin:create`.
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { twoFactor } from 'better-auth/plugins';
import { passwordRules } from './password-policy.mjs';

/**
 * @param {{ db: import('kysely').Kysely<any>, kind: 'sqlite' | 'postgres', secret: string, baseURL: string, appName: string }} options
 * @returns {import('better-auth').BetterAuthOptions}
 */
export function authOptions({ db, kind, secret, baseURL, appName }) {
  return {
    appName,
    database: { db, type: kind },
    secret,
    baseURL,
    basePath: '/api/auth',
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: passwordRules.minLength,
      maxPasswordLength: passwordRules.maxLength,
    },
    plugins: [twoFactor({ issuer: appName })],
    // The HTTP front resolves the client address (TRUST_PROXY) and hands on only that, as X-Forwarded-For.
    advanced: { ipAddress: { ipAddressHeaders: ['x-forwarded-for'] } },
    telemetry: { enabled: false },
  };
}

/** @param {Parameters<typeof authOptions>[0]} options */
export function createAuth(options) {
  return betterAuth(authOptions(options));
}

/**
 * Creates or extends better-auth's tables (user, session, account, verification, twoFactor) with its own
 * programmatic migrations; its CLI needs Node 22. Part of the project's migrations: see migrations.mjs.
 * @param {import('kysely').Kysely<any>} db
 * @param {'sqlite' | 'postgres'} kind
 */
export async function migrateAuthTables(db, kind) {
  const { runMigrations } = await getMigrations(
    authOptions({ db, kind, secret: randomBytes(32).toString('hex'), baseURL: 'http://localhost', appName: 'migrations' }),
  );
  await runMigrations();
}

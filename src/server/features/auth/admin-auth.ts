/**
 * The owner's sign-in, sessions, password and two-factor, over better-auth's server API. Its HTTP handler is not
 * mounted: the site's own endpoints call these functions, so every attempt passes the throttle, is logged, and gets the
 * one generic answer, and nothing of better-auth is reachable that the admin does not use.
 *
 * This file makes what every job shares (the better-auth instance, the keys, the caller's headers and cookies) and
 * puts the jobs together: guard.ts (throttle and failures), sign-in.ts, sessions.ts, password.ts, two-factor.ts.
 */
import { hashClient, keyedHash } from '../../platform/client-hash';
import type { Db, DbKind } from '../../db';
import type { Caller } from '../../api/caller';
import { type AccountEventType, recordAccountEvent } from './events';
import { cookiesForCaller, headersForAuth } from './cookie-scheme';
import { createGuard } from './guard';
import { createAuth } from './options.mjs';
import { passwordJobs } from './password';
import { pendingSignIn } from './pending';
import { sessionJobs } from './sessions';
import { signInJobs } from './sign-in';
import { twoFactorJobs } from './two-factor';

export type { AuthAnswer } from './answers';

export interface AdminAuthSetup {
  db: Db;
  kind: DbKind;
  secret: string;
  siteUrl: string;
  appName: string;
  idleMinutes: number;
  maxSessionHours: number;
  clientHashSecret: string;
  alertTo: string;
  /** Whether a mail server is set up (SMTP_URL): without one, "forgot password" says how to reset on the server. */
  mailConfigured: boolean;
  sendResetLink: (reset: { email: string; token: string }) => Promise<void>;
}

export interface AdminSession {
  id: string;
  userId: string;
  email: string;
  name: string;
  twoFactorEnabled: boolean;
  createdAt: number;
  expiresAt: number;
}

/** What every job of the owner's auth shares. */
export function createAuthContext(setup: AdminAuthSetup) {
  const { db } = setup;
  const auth = createAuth({
    db,
    kind: setup.kind,
    secret: setup.secret,
    baseURL: setup.siteUrl,
    appName: setup.appName,
    idleMinutes: setup.idleMinutes,
    sendResetLink: setup.sendResetLink,
  });
  return {
    setup,
    db,
    auth,
    /** The caller's headers as the instance reads them, and its cookies as the caller gets them. */
    headersOf: (caller: Caller) => headersForAuth(caller.headers, caller.secure),
    cookiesOf: (caller: Caller, headers: Headers) => cookiesForCaller(headers.getSetCookie(), caller.secure),
    accountKey: (email: string) => keyedHash(`account:${email.trim().toLowerCase()}`, setup.clientHashSecret),
    // The address is keyed as every limit keys one (an IPv6 client by its /64); the scope tells the sign-in's hits apart.
    addressKey: (caller: Caller) => hashClient(caller.address, setup.clientHashSecret),
    codeKey: (account: string, code: string) => keyedHash(`two-factor-code:${account}:${code}`, setup.clientHashSecret),
    security: { db, alertTo: setup.alertTo },
    pending: pendingSignIn(setup.secret),
    event: (userId: string, type: AccountEventType, caller: Caller) =>
      recordAccountEvent(db, { userId, type, address: caller.address, userAgent: caller.userAgent }),
  };
}

export type AuthContext = ReturnType<typeof createAuthContext>;

export function createAdminAuth(setup: AdminAuthSetup) {
  const ctx = createAuthContext(setup);
  const guard = createGuard(ctx);
  return {
    ...sessionJobs(ctx),
    ...signInJobs(ctx, guard),
    ...passwordJobs(ctx, guard),
    ...twoFactorJobs(ctx, guard),
  };
}

export type AdminAuth = ReturnType<typeof createAdminAuth>;

/**
 * The owner's sign-in, sessions, password and two-factor, over better-auth's server API. Its HTTP handler is not
 * mounted: the site's own endpoints call these functions, so every attempt passes the throttle, is logged, and gets the
 * one generic answer, and nothing of better-auth is reachable that the admin does not use.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authMessages, resetPasswordCommand, signInLimits } from '~/config/admin';
import { securitySentences } from '~/config/security-log';
import type { TwoFactorCode } from '~/lib/admin-forms';
import { hashClient, keyedHash } from '../../platform/client-hash';
import type { Db, DbKind } from '../../db';
import type { Caller } from '../../api/caller';
import { recordSecurityEvent } from '../security/events';
import { type AccountEventType, recordAccountEvent } from './events';
import { cookiesForCaller, headersForAuth } from './cookie-scheme';
import { createAuth } from './options.mjs';
import { passwordProblem } from './password-policy.mjs';
import { clearAccountFailures, type FailureOutcome, recordFailure, throttleState } from './throttle';
import { claimCode, releaseCode } from './used-codes';

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

/** An answer for an endpoint: status, JSON body, the cookies better-auth (or we) set, and any other headers. */
export interface AuthAnswer {
  status: number;
  body: Record<string, unknown>;
  cookies: string[];
  headers?: Record<string, string>;
}

const pendingMaxAgeSeconds = 600;

async function readJson(response: Response): Promise<Record<string, unknown>> {
  return ((await response.json().catch(() => null)) ?? {}) as Record<string, unknown>;
}

export function createAdminAuth(setup: AdminAuthSetup) {
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
  /** The caller's headers as the instance reads them, and its cookies as the caller gets them. */
  const headersOf = (caller: Caller) => headersForAuth(caller.headers, caller.secure);
  const cookiesOf = (caller: Caller, headers: Headers) => cookiesForCaller(headers.getSetCookie(), caller.secure);
  const accountKey = (email: string) => keyedHash(`account:${email.trim().toLowerCase()}`, setup.clientHashSecret);
  // The address is keyed as every limit keys one (an IPv6 client by its /64); the scope tells the sign-in's hits apart.
  const addressKey = (caller: Caller) => hashClient(caller.address, setup.clientHashSecret);
  const codeKey = (account: string, code: string) => keyedHash(`two-factor-code:${account}:${code}`, setup.clientHashSecret);
  const security = { db, alertTo: setup.alertTo };

  // The account a pending two-factor sign-in belongs to, in a signed cookie of our own, so code failures count
  // against that account too.
  const pendingCookieName = (caller: Caller) => (caller.secure ? '__Secure-hale-admin.pending' : 'hale-admin.pending');
  const sign = (value: string) => createHmac('sha256', setup.secret).update(value).digest('base64url');
  const pendingCookie = (caller: Caller, account: string | null) => {
    const attributes = `Path=/; HttpOnly; SameSite=Lax${caller.secure ? '; Secure' : ''}`;
    if (!account) return `${pendingCookieName(caller)}=; Max-Age=0; ${attributes}`;
    const value = `${account}.${Date.now() + pendingMaxAgeSeconds * 1000}`;
    return `${pendingCookieName(caller)}=${value}.${sign(value)}; Max-Age=${pendingMaxAgeSeconds}; ${attributes}`;
  };
  const pendingAccount = (caller: Caller): string | null => {
    const cookies = caller.headers.get('cookie') ?? '';
    const match = cookies.match(new RegExp(`(?:^|;\\s*)${pendingCookieName(caller).replace(/[.$]/g, '\\$&')}=([^;]+)`));
    if (!match) return null;
    const [account, expires, signature] = match[1]!.split('.');
    if (!account || !expires || !signature) return null;
    const expected = Buffer.from(sign(`${account}.${expires}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return Number(expires) > Date.now() ? account : null;
  };

  const event = (userId: string, type: AccountEventType, caller: Caller) =>
    recordAccountEvent(db, { userId, type, address: caller.address, userAgent: caller.userAgent });

  const retryAfter = (minutes: number) => ({ 'Retry-After': String(minutes * 60) });

  /** Throttle check shared by password and code attempts. */
  async function refused(caller: Caller, account: string | undefined, email: string | null): Promise<AuthAnswer | null> {
    const state = await throttleState(db, { address: addressKey(caller), account });
    if (!state.blocked) return null;
    const who = { address: caller.address, emailTried: email };
    if (state.reason === 'address') {
      await recordSecurityEvent(
        security,
        'rate_limit_exceeded',
        securitySentences.addressWaiting(caller.address, state.retryAfterMinutes),
        caller.userAgent,
        who,
      );
      return {
        status: 429,
        body: { ok: false, error: authMessages.tooManyAttempts(state.retryAfterMinutes) },
        cookies: [],
        headers: retryAfter(state.retryAfterMinutes),
      };
    }
    await recordSecurityEvent(
      security,
      'auth_failure',
      email ? securitySentences.lockedAttempt(email, caller.address) : securitySentences.lockedAttempt('the account signing in', caller.address),
      caller.userAgent,
      who,
    );
    // Any address typed locks alike, so this tells nothing about which accounts exist.
    return { status: 401, body: { ok: false, error: authMessages.accountPaused(state.retryAfterMinutes) }, cookies: [] };
  }

  /** Counts a failure and logs it in a sentence made from the outcome (how many, and whether it locked the account). */
  async function failed(
    caller: Caller,
    account: string | undefined,
    email: string | null,
    sentence: (outcome: FailureOutcome, lockedMinutes: number | null) => string,
  ): Promise<FailureOutcome> {
    const outcome = await recordFailure(db, { address: addressKey(caller), account });
    const lockedMinutes = outcome.locked ? signInLimits.lockMinutes : null;
    await recordSecurityEvent(security, 'auth_failure', sentence(outcome, lockedMinutes), caller.userAgent, { address: caller.address, emailTried: email });
    return outcome;
  }

  /** Nothing about pauses until one is near; then how many tries are left, or that the pause has begun. */
  function warning(outcome: FailureOutcome): string | undefined {
    if (outcome.triesLeft === 0) return authMessages.nowPaused(outcome.pauseMinutes);
    if (outcome.triesLeft <= signInLimits.warnWhenTriesLeft) return authMessages.triesLeft(outcome.triesLeft, outcome.pauseMinutes);
    return undefined;
  }

  /**
   * A password asked for inside a signed-in session (changing it, turning two-factor on or off). A stolen session must
   * not become a way to guess the password without limit: wrong answers count with the account's sign-in failures
   * (the same lock, security events and alert), and while the account or address is held back nothing is tried.
   */
  async function withSessionPassword(
    caller: Caller,
    session: AdminSession,
    action: string,
    attempt: () => Promise<{ answer: AuthAnswer; wrongPassword: boolean }>,
  ): Promise<AuthAnswer> {
    const account = accountKey(session.email);
    const state = await throttleState(db, { address: addressKey(caller), account });
    if (state.blocked) {
      await recordSecurityEvent(security, 'auth_failure', securitySentences.sessionPaused(action, session.email, caller.address), caller.userAgent, {
        address: caller.address,
        emailTried: session.email,
      });
      return {
        status: 429,
        body: { ok: false, error: authMessages.passwordAttemptsPaused(state.retryAfterMinutes) },
        cookies: [],
        headers: retryAfter(state.retryAfterMinutes),
      };
    }
    const { answer, wrongPassword } = await attempt();
    if (wrongPassword) {
      await failed(caller, account, session.email, (outcome, locked) =>
        securitySentences.sessionWrongPassword(outcome.failures, action.toLowerCase(), session.email, caller.address, locked),
      );
    } else if (answer.status === 200) await clearAccountFailures(db, account);
    return answer;
  }

  /** Asks better-auth for a reset link (mailed through the outbox); counts against the address like a failure. */
  async function requestResetWork(caller: Caller, email: string) {
    const state = await throttleState(db, { address: addressKey(caller) });
    if (state.blocked) return;
    await recordFailure(db, { address: addressKey(caller) });
    await auth.api.requestPasswordReset({ body: { email }, headers: headersOf(caller) });
    const user = await db
      .selectFrom('user' as never)
      .select(['id' as never])
      .where('email' as never, '=', email.trim().toLowerCase() as never)
      .executeTakeFirst();
    if (user) await event((user as { id: string }).id, 'password_reset_requested', caller);
  }

  async function currentSession(caller: Caller): Promise<{ session: AdminSession; cookies: string[] } | null> {
    const result = await auth.api.getSession({ headers: headersOf(caller), returnHeaders: true });
    const data = result.response;
    if (!data) return null;
    const createdAt = new Date(data.session.createdAt).getTime();
    if (createdAt + setup.maxSessionHours * 3_600_000 <= Date.now()) {
      // Past the absolute limit, however active: end it.
      const context = await auth.$context;
      await context.internalAdapter.deleteSession(data.session.token);
      return null;
    }
    return {
      session: {
        id: data.session.id,
        userId: data.user.id,
        email: data.user.email,
        name: data.user.name,
        twoFactorEnabled: Boolean((data.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
        createdAt,
        expiresAt: new Date(data.session.expiresAt).getTime(),
      },
      cookies: cookiesOf(caller, result.headers),
    };
  }

  return {
    currentSession,

    async signIn(caller: Caller, email: string, password: string): Promise<AuthAnswer> {
      const account = accountKey(email);
      const blocked = await refused(caller, account, email);
      if (blocked) return blocked;
      const response = await auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers: headersOf(caller), asResponse: true });
      const body = await readJson(response);
      if (!response.ok) {
        const outcome = await failed(caller, account, email, (o, locked) => securitySentences.wrongPasswords(o.failures, email, caller.address, locked));
        const near = warning(outcome);
        return { status: 401, body: { ok: false, error: authMessages.invalidCredentials, ...(near && { warning: near }) }, cookies: [] };
      }
      const cookies = cookiesOf(caller, response.headers);
      if (body.twoFactorRedirect) {
        return { status: 200, body: { ok: true, twoFactor: true }, cookies: [...cookies, pendingCookie(caller, account)] };
      }
      await clearAccountFailures(db, account);
      const user = body.user as { id: string } | undefined;
      if (user) await event(user.id, 'signed_in', caller);
      return { status: 200, body: { ok: true }, cookies };
    },

    /** A code from the app or a backup code, told apart by its shape (readTwoFactorCode). */
    async verifyCode(caller: Caller, typed: TwoFactorCode): Promise<AuthAnswer> {
      const { method } = typed;
      const account = pendingAccount(caller);
      if (!account) return { status: 401, body: { ok: false, error: authMessages.twoFactorExpired, restart: true }, cookies: [] };
      const blocked = await refused(caller, account, null);
      if (blocked) return blocked;
      const codeFailed = (kind: 'two-factor code' | 'backup code' | 'reused two-factor code') =>
        failed(caller, account, null, (o, locked) => securitySentences.wrongCodes(o.failures, kind, caller.address, locked));
      const claim = typed.method === 'totp' ? codeKey(account, typed.code) : null;
      if (claim && !(await claimCode(db, claim))) {
        await codeFailed('reused two-factor code');
        return { status: 401, body: { ok: false, error: authMessages.invalidCode, restart: false }, cookies: [] };
      }
      const verify = (code: string) =>
        method === 'totp'
          ? auth.api.verifyTOTP({ body: { code }, headers: headersOf(caller), asResponse: true })
          : auth.api.verifyBackupCode({ body: { code }, headers: headersOf(caller), asResponse: true });
      let response = await verify(typed.code);
      // Backup codes made before the unambiguous alphabet are mixed-case: then the code exactly as typed.
      if (!response.ok && typed.method === 'backup' && typed.typed !== typed.code && /[a-z]/.test(typed.typed)) response = await verify(typed.typed);
      const body = await readJson(response);
      if (!response.ok) {
        if (claim) await releaseCode(db, claim);
        await codeFailed(method === 'totp' ? 'two-factor code' : 'backup code');
        // better-auth ends a pending sign-in after five wrong codes: then the password is needed again.
        const restart = body.code === 'INVALID_TWO_FACTOR_COOKIE';
        return {
          status: 401,
          body: { ok: false, error: restart ? authMessages.twoFactorExpired : authMessages.invalidCode, restart },
          cookies: restart ? [pendingCookie(caller, null)] : [],
        };
      }
      await clearAccountFailures(db, account);
      const user = body.user as { id: string } | undefined;
      if (user) await event(user.id, method === 'totp' ? 'two_factor_verified' : 'two_factor_backup_code_used', caller);
      return { status: 200, body: { ok: true }, cookies: [...cookiesOf(caller, response.headers), pendingCookie(caller, null)] };
    },

    async signOut(caller: Caller): Promise<AuthAnswer> {
      const current = await currentSession(caller);
      const response = await auth.api.signOut({ headers: headersOf(caller), asResponse: true });
      if (current) await event(current.session.userId, 'signed_out', caller);
      return { status: 200, body: { ok: true }, cookies: cookiesOf(caller, response.headers) };
    },

    /** Answers the same whether or not the address has an account; counts against the address like a failure. */
    async requestReset(caller: Caller, email: string): Promise<AuthAnswer> {
      // The same answer for every address: whether a link can go out depends on the mail server, not on the account.
      const body = setup.mailConfigured
        ? { ok: true, message: authMessages.resetRequested, help: authMessages.resetNoMailHelp, command: resetPasswordCommand }
        : { ok: true, message: authMessages.resetMailNotSetUp, command: resetPasswordCommand };
      const answer: AuthAnswer = { status: 200, body, cookies: [] };
      const answerAt = Date.now() + signInLimits.resetRequestAnswerMs;
      try {
        await requestResetWork(caller, email);
      } finally {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - Date.now())));
      }
      return answer;
    },

    async resetPassword(caller: Caller, token: string, password: string): Promise<AuthAnswer> {
      const context = await auth.$context;
      const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      const user = verification ? await context.internalAdapter.findUserById(verification.value) : null;
      if (!verification || !user || new Date(verification.expiresAt).getTime() < Date.now()) {
        return { status: 400, body: { ok: false, error: authMessages.resetInvalid }, cookies: [] };
      }
      const problem = passwordProblem(password, user.email);
      if (problem) return { status: 400, body: { ok: false, errors: { password: problem } }, cookies: [] };
      const response = await auth.api.resetPassword({ body: { token, newPassword: password }, headers: headersOf(caller), asResponse: true });
      if (!response.ok) return { status: 400, body: { ok: false, error: authMessages.resetInvalid }, cookies: [] };
      // Every other link of this account, asked for earlier, is void now: one reset ends them all.
      await db
        .deleteFrom('verification' as never)
        .where('value' as never, '=', user.id as never)
        .where('identifier' as never, 'like', 'reset-password:%' as never)
        .execute();
      await event(user.id, 'password_reset', caller);
      return { status: 200, body: { ok: true, message: authMessages.resetDone }, cookies: [] };
    },

    async changePassword(caller: Caller, session: AdminSession, current: string, next: string): Promise<AuthAnswer> {
      const problem = passwordProblem(next, session.email);
      if (problem) return { status: 400, body: { ok: false, errors: { newPassword: problem } }, cookies: [] };
      return withSessionPassword(caller, session, 'Changing the password', async () => {
        const response = await auth.api.changePassword({
          body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
          headers: headersOf(caller),
          asResponse: true,
        });
        if (!response.ok) {
          const wrongPassword = (await readJson(response)).code === 'INVALID_PASSWORD';
          return { wrongPassword, answer: { status: 400, body: { ok: false, errors: { currentPassword: authMessages.wrongPassword } }, cookies: [] } };
        }
        await event(session.userId, 'password_changed', caller);
        return { wrongPassword: false, answer: { status: 200, body: { ok: true }, cookies: cookiesOf(caller, response.headers) } };
      });
    },

    async listSessions(caller: Caller, session: AdminSession) {
      const sessions = await auth.api.listSessions({ headers: headersOf(caller) });
      return sessions
        .map((s) => ({
          id: s.id,
          current: s.id === session.id,
          address: s.ipAddress ?? null,
          userAgent: s.userAgent ?? null,
          createdAt: new Date(s.createdAt).getTime(),
          lastSeenAt: new Date(s.updatedAt).getTime(),
          expiresAt: new Date(s.expiresAt).getTime(),
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt - a.lastSeenAt);
    },

    /** scope: one session by id, every other session, or all of them including this one. */
    async revokeSessions(caller: Caller, session: AdminSession, scope: { id: string } | 'others' | 'all'): Promise<AuthAnswer> {
      if (scope === 'others') {
        await auth.api.revokeOtherSessions({ headers: headersOf(caller) });
        await event(session.userId, 'sessions_revoked', caller);
        return { status: 200, body: { ok: true }, cookies: [] };
      }
      if (scope === 'all') {
        await auth.api.revokeSessions({ headers: headersOf(caller) });
        await event(session.userId, 'signed_out', caller);
        const response = await auth.api.signOut({ headers: headersOf(caller), asResponse: true });
        return { status: 200, body: { ok: true, signedOut: true }, cookies: cookiesOf(caller, response.headers) };
      }
      const sessions = await auth.api.listSessions({ headers: headersOf(caller) });
      const target = sessions.find((s) => s.id === scope.id);
      if (!target) return { status: 404, body: { ok: false, error: 'That session has already ended.' }, cookies: [] };
      await auth.api.revokeSession({ body: { token: target.token }, headers: headersOf(caller) });
      if (target.id === session.id) {
        await event(session.userId, 'signed_out', caller);
        const response = await auth.api.signOut({ headers: headersOf(caller), asResponse: true });
        return { status: 200, body: { ok: true, signedOut: true }, cookies: cookiesOf(caller, response.headers) };
      }
      await event(session.userId, 'sessions_revoked', caller);
      return { status: 200, body: { ok: true }, cookies: [] };
    },

    /** Step 1 of enrolment: a new secret and backup codes, shown once; two-factor is on after a code confirms it. */
    async startTwoFactor(caller: Caller, session: AdminSession, password: string): Promise<AuthAnswer> {
      return withSessionPassword(caller, session, 'Turning on two-factor', async () => {
        const response = await auth.api.enableTwoFactor({ body: { password }, headers: headersOf(caller), asResponse: true });
        const body = await readJson(response);
        if (!response.ok) {
          const wrongPassword = body.code === 'INVALID_PASSWORD';
          return {
            wrongPassword,
            answer: {
              status: 400,
              body: { ok: false, errors: wrongPassword ? { password: authMessages.wrongPassword } : {}, error: String(body.message ?? '') },
              cookies: [],
            },
          };
        }
        const totpURI = String(body.totpURI);
        const secret = new URL(totpURI).searchParams.get('secret') ?? '';
        return {
          wrongPassword: false,
          answer: { status: 200, body: { ok: true, totpURI, secret, backupCodes: body.backupCodes }, cookies: cookiesOf(caller, response.headers) },
        };
      });
    },

    async confirmTwoFactor(caller: Caller, session: AdminSession, code: string): Promise<AuthAnswer> {
      // The code that confirms enrolment is used: it cannot then sign anyone in.
      const claim = codeKey(accountKey(session.email), code.replace(/\s+/g, ''));
      if (!(await claimCode(db, claim))) return { status: 400, body: { ok: false, errors: { code: authMessages.invalidCode } }, cookies: [] };
      const response = await auth.api.verifyTOTP({ body: { code: code.replace(/\s+/g, '') }, headers: headersOf(caller), asResponse: true });
      if (!response.ok) {
        await releaseCode(db, claim);
        return { status: 400, body: { ok: false, errors: { code: authMessages.invalidCode } }, cookies: [] };
      }
      await event(session.userId, 'two_factor_enrolled', caller);
      return { status: 200, body: { ok: true }, cookies: cookiesOf(caller, response.headers) };
    },

    async disableTwoFactor(caller: Caller, session: AdminSession, password: string): Promise<AuthAnswer> {
      return withSessionPassword(caller, session, 'Turning off two-factor', async () => {
        const response = await auth.api.disableTwoFactor({ body: { password }, headers: headersOf(caller), asResponse: true });
        if (!response.ok) {
          const wrongPassword = (await readJson(response)).code === 'INVALID_PASSWORD';
          return { wrongPassword, answer: { status: 400, body: { ok: false, errors: { password: authMessages.wrongPassword } }, cookies: [] } };
        }
        await event(session.userId, 'two_factor_removed', caller);
        return { wrongPassword: false, answer: { status: 200, body: { ok: true }, cookies: cookiesOf(caller, response.headers) } };
      });
    },

    /** New backup codes, shown once; the old ones stop working. Asks for the password like every two-factor change. */
    async regenerateBackupCodes(caller: Caller, session: AdminSession, password: string): Promise<AuthAnswer> {
      return withSessionPassword(caller, session, 'Making new backup codes', async () => {
        const response = await auth.api.generateBackupCodes({ body: { password }, headers: headersOf(caller), asResponse: true });
        const body = await readJson(response);
        if (!response.ok) {
          const wrongPassword = body.code === 'INVALID_PASSWORD';
          return {
            wrongPassword,
            answer: {
              status: 400,
              body: { ok: false, errors: wrongPassword ? { password: authMessages.wrongPassword } : {}, error: String(body.message ?? '') },
              cookies: [],
            },
          };
        }
        await event(session.userId, 'backup_codes_regenerated', caller);
        return { wrongPassword: false, answer: { status: 200, body: { ok: true, backupCodes: body.backupCodes }, cookies: [] } };
      });
    },
  };
}

export type AdminAuth = ReturnType<typeof createAdminAuth>;

/** Signing in: the password, then (when two-factor is on) a code from the app or a backup code. */
import { authMessages } from '~/config/admin';
import { securitySentences } from '~/config/security-log';
import type { TwoFactorCode } from '~/lib/admin-forms';
import type { Caller } from '../../api/caller';
import type { AuthContext } from './admin-auth';
import { answer, type AuthAnswer, readJson } from './answers';
import type { Guard } from './guard';
import { clearAccountFailures } from './throttle';
import { claimCode, releaseCode } from './used-codes';

export function signInJobs(ctx: AuthContext, guard: Guard) {
  const { db, auth, headersOf, cookiesOf, accountKey, codeKey, event, pending } = ctx;
  const { refused, failed, warning } = guard;

  return {
    async signIn(caller: Caller, email: string, password: string): Promise<AuthAnswer> {
      const account = accountKey(email);
      const blocked = await refused(caller, account, email);
      if (blocked) return blocked;
      const response = await auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers: headersOf(caller), asResponse: true });
      const body = await readJson(response);
      if (!response.ok) {
        const outcome = await failed(caller, account, email, (o, locked) => securitySentences.wrongPasswords(o.failures, email, caller.address, locked));
        const near = warning(outcome);
        return answer(401, { ok: false, error: authMessages.invalidCredentials, ...(near && { warning: near }) });
      }
      const cookies = cookiesOf(caller, response.headers);
      if (body.twoFactorRedirect) return answer(200, { ok: true, twoFactor: true }, [...cookies, pending.cookie(caller, account)]);
      await clearAccountFailures(db, account);
      const user = body.user as { id: string } | undefined;
      if (user) await event(user.id, 'signed_in', caller);
      return answer(200, { ok: true }, cookies);
    },

    /** A code from the app or a backup code, told apart by its shape (readTwoFactorCode). */
    async verifyCode(caller: Caller, typed: TwoFactorCode): Promise<AuthAnswer> {
      const { method } = typed;
      const account = pending.account(caller);
      if (!account) return answer(401, { ok: false, error: authMessages.twoFactorExpired, restart: true });
      const blocked = await refused(caller, account, null);
      if (blocked) return blocked;
      const codeFailed = (kind: 'two-factor code' | 'backup code' | 'reused two-factor code') =>
        failed(caller, account, null, (o, locked) => securitySentences.wrongCodes(o.failures, kind, caller.address, locked));
      const claim = typed.method === 'totp' ? codeKey(account, typed.code) : null;
      if (claim && !(await claimCode(db, claim))) {
        await codeFailed('reused two-factor code');
        return answer(401, { ok: false, error: authMessages.invalidCode, restart: false });
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
        return answer(
          401,
          { ok: false, error: restart ? authMessages.twoFactorExpired : authMessages.invalidCode, restart },
          restart ? [pending.cookie(caller, null)] : [],
        );
      }
      await clearAccountFailures(db, account);
      const user = body.user as { id: string } | undefined;
      if (user) await event(user.id, method === 'totp' ? 'two_factor_verified' : 'two_factor_backup_code_used', caller);
      return answer(200, { ok: true }, [...cookiesOf(caller, response.headers), pending.cookie(caller, null)]);
    },
  };
}

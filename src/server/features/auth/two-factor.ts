/** Two-factor for the owner: turned on (a secret and backup codes, then a code to confirm), off, and new backup codes. */
import { authMessages } from '~/config/admin';
import type { Caller } from '../../api/caller';
import type { AdminSession, AuthContext } from './admin-auth';
import { answer, type AuthAnswer, readJson } from './answers';
import type { Guard } from './guard';
import { claimCode, releaseCode } from './used-codes';

/** better-auth refused a step that asks for the password: whether the password was wrong, and the form's answer. */
function passwordRefusal(body: Record<string, unknown>) {
  const wrongPassword = body.code === 'INVALID_PASSWORD';
  return {
    wrongPassword,
    answer: answer(400, { ok: false, errors: wrongPassword ? { password: authMessages.wrongPassword } : {}, error: String(body.message ?? '') }),
  };
}

export function twoFactorJobs(ctx: AuthContext, guard: Guard) {
  const { db, auth, headersOf, cookiesOf, accountKey, codeKey, event } = ctx;
  const { withSessionPassword } = guard;

  return {
    /** Step 1 of enrolment: a new secret and backup codes, shown once; two-factor is on after a code confirms it. */
    async startTwoFactor(caller: Caller, session: AdminSession, password: string): Promise<AuthAnswer> {
      return withSessionPassword(caller, session, 'Turning on two-factor', async () => {
        const response = await auth.api.enableTwoFactor({ body: { password }, headers: headersOf(caller), asResponse: true });
        const body = await readJson(response);
        if (!response.ok) return passwordRefusal(body);
        const totpURI = String(body.totpURI);
        const secret = new URL(totpURI).searchParams.get('secret') ?? '';
        return { wrongPassword: false, answer: answer(200, { ok: true, totpURI, secret, backupCodes: body.backupCodes }, cookiesOf(caller, response.headers)) };
      });
    },

    async confirmTwoFactor(caller: Caller, session: AdminSession, code: string): Promise<AuthAnswer> {
      // The code that confirms enrolment is used: it cannot then sign anyone in.
      const claim = codeKey(accountKey(session.email), code.replace(/\s+/g, ''));
      if (!(await claimCode(db, claim))) return answer(400, { ok: false, errors: { code: authMessages.invalidCode } });
      const response = await auth.api.verifyTOTP({ body: { code: code.replace(/\s+/g, '') }, headers: headersOf(caller), asResponse: true });
      if (!response.ok) {
        await releaseCode(db, claim);
        return answer(400, { ok: false, errors: { code: authMessages.invalidCode } });
      }
      await event(session.userId, 'two_factor_enrolled', caller);
      return answer(200, { ok: true }, cookiesOf(caller, response.headers));
    },

    async disableTwoFactor(caller: Caller, session: AdminSession, password: string): Promise<AuthAnswer> {
      return withSessionPassword(caller, session, 'Turning off two-factor', async () => {
        const response = await auth.api.disableTwoFactor({ body: { password }, headers: headersOf(caller), asResponse: true });
        if (!response.ok) {
          const wrongPassword = (await readJson(response)).code === 'INVALID_PASSWORD';
          return { wrongPassword, answer: answer(400, { ok: false, errors: { password: authMessages.wrongPassword } }) };
        }
        await event(session.userId, 'two_factor_removed', caller);
        return { wrongPassword: false, answer: answer(200, { ok: true }, cookiesOf(caller, response.headers)) };
      });
    },

    /** New backup codes, shown once; the old ones stop working. Asks for the password like every two-factor change. */
    async regenerateBackupCodes(caller: Caller, session: AdminSession, password: string): Promise<AuthAnswer> {
      return withSessionPassword(caller, session, 'Making new backup codes', async () => {
        const response = await auth.api.generateBackupCodes({ body: { password }, headers: headersOf(caller), asResponse: true });
        const body = await readJson(response);
        if (!response.ok) return passwordRefusal(body);
        await event(session.userId, 'backup_codes_regenerated', caller);
        return { wrongPassword: false, answer: answer(200, { ok: true, backupCodes: body.backupCodes }) };
      });
    },
  };
}

/** The owner's password: a reset link asked for and used, and a change inside a session. */
import { authMessages, resetPasswordCommand, signInLimits } from '~/config/admin';
import type { Caller } from '../../api/caller';
import type { AdminSession, AuthContext } from './admin-auth';
import { answer, type AuthAnswer, readJson } from './answers';
import type { Guard } from './guard';
import { passwordProblem } from './password-policy.mjs';
import { recordFailure, throttleState } from './throttle';

export function passwordJobs(ctx: AuthContext, guard: Guard) {
  const { db, auth, headersOf, cookiesOf, addressKey, event, setup } = ctx;

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

  return {
    /** Answers the same whether or not the address has an account; counts against the address like a failure. */
    async requestReset(caller: Caller, email: string): Promise<AuthAnswer> {
      // The same answer for every address: whether a link can go out depends on the mail server, not on the account.
      const body = setup.mailConfigured
        ? { ok: true, message: authMessages.resetRequested, help: authMessages.resetNoMailHelp, command: resetPasswordCommand }
        : { ok: true, message: authMessages.resetMailNotSetUp, command: resetPasswordCommand };
      const answerAt = Date.now() + signInLimits.resetRequestAnswerMs;
      try {
        await requestResetWork(caller, email);
      } finally {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - Date.now())));
      }
      return answer(200, body);
    },

    async resetPassword(caller: Caller, token: string, password: string): Promise<AuthAnswer> {
      const context = await auth.$context;
      const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      const user = verification ? await context.internalAdapter.findUserById(verification.value) : null;
      if (!verification || !user || new Date(verification.expiresAt).getTime() < Date.now()) {
        return answer(400, { ok: false, error: authMessages.resetInvalid });
      }
      const problem = passwordProblem(password, user.email);
      if (problem) return answer(400, { ok: false, errors: { password: problem } });
      const response = await auth.api.resetPassword({ body: { token, newPassword: password }, headers: headersOf(caller), asResponse: true });
      if (!response.ok) return answer(400, { ok: false, error: authMessages.resetInvalid });
      // Every other link of this account, asked for earlier, is void now: one reset ends them all.
      await db
        .deleteFrom('verification' as never)
        .where('value' as never, '=', user.id as never)
        .where('identifier' as never, 'like', 'reset-password:%' as never)
        .execute();
      await event(user.id, 'password_reset', caller);
      return answer(200, { ok: true, message: authMessages.resetDone });
    },

    async changePassword(caller: Caller, session: AdminSession, current: string, next: string): Promise<AuthAnswer> {
      const problem = passwordProblem(next, session.email);
      if (problem) return answer(400, { ok: false, errors: { newPassword: problem } });
      return guard.withSessionPassword(caller, session, 'Changing the password', async () => {
        const response = await auth.api.changePassword({
          body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
          headers: headersOf(caller),
          asResponse: true,
        });
        if (!response.ok) {
          const wrongPassword = (await readJson(response)).code === 'INVALID_PASSWORD';
          return { wrongPassword, answer: answer(400, { ok: false, errors: { currentPassword: authMessages.wrongPassword } }) };
        }
        await event(session.userId, 'password_changed', caller);
        return { wrongPassword: false, answer: answer(200, { ok: true }, cookiesOf(caller, response.headers)) };
      });
    },
  };
}

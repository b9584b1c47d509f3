/**
 * What every attempt at a password or a code goes through: the throttle before it (a wait or a lock, logged), the
 * failure counted and logged after it, the warning once a pause is near, and a password asked for inside a session.
 */
import { authMessages, signInLimits } from '~/config/admin';
import { securitySentences } from '~/config/security-log';
import type { Caller } from '../../api/caller';
import { recordSecurityEvent } from '../security';
import type { AdminSession, AuthContext } from './admin-auth';
import { answer, type AuthAnswer, retryAfter } from './answers';
import { clearAccountFailures, type FailureOutcome, recordFailure, throttleState } from './throttle';

export function createGuard(ctx: AuthContext) {
  const { db, security, addressKey, accountKey } = ctx;

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
      return answer(429, { ok: false, error: authMessages.tooManyAttempts(state.retryAfterMinutes) }, [], retryAfter(state.retryAfterMinutes));
    }
    await recordSecurityEvent(
      security,
      'auth_failure',
      email ? securitySentences.lockedAttempt(email, caller.address) : securitySentences.lockedAttempt('the account signing in', caller.address),
      caller.userAgent,
      who,
    );
    // Any address typed locks alike, so this tells nothing about which accounts exist.
    return answer(401, { ok: false, error: authMessages.accountPaused(state.retryAfterMinutes) });
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
      return answer(429, { ok: false, error: authMessages.passwordAttemptsPaused(state.retryAfterMinutes) }, [], retryAfter(state.retryAfterMinutes));
    }
    const attempted = await attempt();
    if (attempted.wrongPassword) {
      await failed(caller, account, session.email, (outcome, locked) =>
        securitySentences.sessionWrongPassword(outcome.failures, action.toLowerCase(), session.email, caller.address, locked),
      );
    } else if (attempted.answer.status === 200) await clearAccountFailures(db, account);
    return attempted.answer;
  }

  return { refused, failed, warning, withSessionPassword };
}

export type Guard = ReturnType<typeof createGuard>;

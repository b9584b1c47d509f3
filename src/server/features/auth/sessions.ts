/** The owner's sessions: the current one (within its absolute limit), the list, and ending one, the others or all. */
import type { Caller } from '../../api/caller';
import type { AdminSession, AuthContext } from './admin-auth';
import { answer, type AuthAnswer } from './answers';

export function sessionJobs(ctx: AuthContext) {
  const { auth, headersOf, cookiesOf, event, setup } = ctx;

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

  /** Signs this session out: the answer carries the cookies that end it. */
  async function signOutHere(caller: Caller, body: Record<string, unknown>): Promise<AuthAnswer> {
    const response = await auth.api.signOut({ headers: headersOf(caller), asResponse: true });
    return answer(200, body, cookiesOf(caller, response.headers));
  }

  return {
    currentSession,

    async signOut(caller: Caller): Promise<AuthAnswer> {
      const current = await currentSession(caller);
      const response = await auth.api.signOut({ headers: headersOf(caller), asResponse: true });
      if (current) await event(current.session.userId, 'signed_out', caller);
      return answer(200, { ok: true }, cookiesOf(caller, response.headers));
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
        return answer(200, { ok: true });
      }
      if (scope === 'all') {
        await auth.api.revokeSessions({ headers: headersOf(caller) });
        await event(session.userId, 'signed_out', caller);
        return signOutHere(caller, { ok: true, signedOut: true });
      }
      const sessions = await auth.api.listSessions({ headers: headersOf(caller) });
      const target = sessions.find((s) => s.id === scope.id);
      if (!target) return answer(404, { ok: false, error: 'That session has already ended.' });
      await auth.api.revokeSession({ body: { token: target.token }, headers: headersOf(caller) });
      if (target.id === session.id) {
        await event(session.userId, 'signed_out', caller);
        return signOutHere(caller, { ok: true, signedOut: true });
      }
      await event(session.userId, 'sessions_revoked', caller);
      return answer(200, { ok: true });
    },
  };
}

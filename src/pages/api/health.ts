import type { DoneAnswer } from '~/lib/admin-types';
import { ok, unavailable } from '~/server/api/answers';
import { route } from '~/server/api/route';

export const prerender = false;

/** Readiness: the database is reachable and migrated. The start script calls it once at boot. */
export const GET = route({}, async ({ runtime, log }) => {
  try {
    await runtime.db.selectFrom('settings').select('key').limit(1).execute();
    return ok({ ok: true } satisfies DoneAnswer);
  } catch (error) {
    log.error({ err: error }, '[health] the database did not answer');
    return unavailable('The database did not answer.');
  }
});

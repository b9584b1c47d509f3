import { indexNowSwitchForm } from '~/lib/admin-forms';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { switchAnswer } from '~/server/features/indexnow/endpoint';

export const prerender = false;

/** POST on=on|off: IndexNow switched on or off by the owner. */
export const POST = route({ body: indexNowSwitchForm, admin: true }, async ({ body, runtime }) => ok(await switchAnswer(runtime, body.on === 'on')));

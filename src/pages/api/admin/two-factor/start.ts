import { passwordOnlyForm } from '~/lib/admin-forms';
import { route } from '~/server/api/route';

export const prerender = false;

export const POST = route({ body: passwordOnlyForm, admin: true }, ({ runtime, caller, body, admin }) =>
  runtime.adminAuth.startTwoFactor(caller, admin, body.password),
);

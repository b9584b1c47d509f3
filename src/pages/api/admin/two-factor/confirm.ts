import { confirmCodeForm } from '~/lib/admin-forms';
import { route } from '~/server/api/route';

export const prerender = false;

export const POST = route({ body: confirmCodeForm, admin: true }, ({ runtime, caller, body, admin }) =>
  runtime.adminAuth.confirmTwoFactor(caller, admin, body.code),
);

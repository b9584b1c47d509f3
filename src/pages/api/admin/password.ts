import { changePasswordForm } from '~/lib/admin-forms';
import { route } from '~/server/api/route';

export const prerender = false;

export const POST = route({ body: changePasswordForm, admin: true }, ({ runtime, caller, body, admin }) =>
  runtime.adminAuth.changePassword(caller, admin, body.currentPassword, body.newPassword),
);

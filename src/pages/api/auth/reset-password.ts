import { resetPasswordForm } from '~/lib/admin-forms';
import { route } from '~/server/api/route';

export const prerender = false;

export const POST = route({ body: resetPasswordForm }, ({ runtime, caller, body }) => runtime.adminAuth.resetPassword(caller, body.token, body.password));

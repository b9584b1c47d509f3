import { forgotPasswordForm } from '~/lib/admin-forms';
import { route } from '~/server/api/route';

export const prerender = false;

export const POST = route({ body: forgotPasswordForm }, ({ runtime, caller, body }) => runtime.adminAuth.requestReset(caller, body.email));

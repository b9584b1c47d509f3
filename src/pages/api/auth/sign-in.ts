import { signInForm } from '~/lib/admin-forms';
import { route } from '~/server/api/route';

export const prerender = false;

export const POST = route({ body: signInForm }, ({ runtime, caller, body }) => runtime.adminAuth.signIn(caller, body.email, body.password));

import { codeForm } from '~/lib/admin-forms';
import { route } from '~/server/api/route';

export const prerender = false;

export const POST = route({ body: codeForm }, ({ runtime, caller, body }) => runtime.adminAuth.verifyCode(caller, body.code));

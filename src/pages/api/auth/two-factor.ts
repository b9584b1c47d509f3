import { codeForm } from '~/lib/admin-forms';
import { formEndpoint } from '~/server/features/auth/form-endpoint';

export const prerender = false;

export const POST = formEndpoint(codeForm, ({ auth, caller, data }) => auth.verifyCode(caller, data.code));

import { forgotPasswordForm } from '~/lib/admin-forms';
import { formEndpoint } from '~/server/features/auth/form-endpoint';

export const prerender = false;

export const POST = formEndpoint(forgotPasswordForm, ({ auth, caller, data }) => auth.requestReset(caller, data.email));

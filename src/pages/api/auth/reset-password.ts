import { resetPasswordForm } from '~/lib/admin-forms';
import { formEndpoint } from '~/server/features/auth/form-endpoint';

export const prerender = false;

export const POST = formEndpoint(resetPasswordForm, ({ auth, caller, data }) => auth.resetPassword(caller, data.token, data.password));

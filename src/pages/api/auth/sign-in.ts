import { signInForm } from '~/lib/admin-forms';
import { formEndpoint } from '~/server/features/auth/form-endpoint';

export const prerender = false;

export const POST = formEndpoint(signInForm, ({ auth, caller, data }) => auth.signIn(caller, data.email, data.password));

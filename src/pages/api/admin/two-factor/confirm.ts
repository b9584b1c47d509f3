import { confirmCodeForm } from '~/lib/admin-forms';
import { formEndpoint } from '~/server/features/auth/form-endpoint';

export const prerender = false;

export const POST = formEndpoint(confirmCodeForm, ({ auth, caller, data, session }) => auth.confirmTwoFactor(caller, session!, data.code));

import { changePasswordForm } from '~/lib/admin-forms';
import { formEndpoint } from '~/server/features/auth/form-endpoint';

export const prerender = false;

export const POST = formEndpoint(changePasswordForm, ({ auth, caller, data, session }) =>
  auth.changePassword(caller, session!, data.currentPassword, data.newPassword),
);

import { passwordOnlyForm } from '~/lib/admin-forms';
import { formEndpoint } from '~/server/features/auth/form-endpoint';

export const prerender = false;

export const POST = formEndpoint(passwordOnlyForm, ({ auth, caller, data, session }) => auth.regenerateBackupCodes(caller, session!, data.password));

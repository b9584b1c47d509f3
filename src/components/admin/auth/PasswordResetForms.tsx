/** "Forgotten password": ask for a link by e-mail, then choose a new password on the page the link opens. */
import { type SubmitEvent, useState } from 'react';
import { adminPaths } from '~/config/admin';
import { forgotPasswordForm, resetPasswordForm } from '~/lib/admin-forms';
import type { PasswordResetAnswer } from '~/lib/admin-types';
import { useAdminForm } from '../data/use-admin-form';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Notice } from '../ui/notice';
import { publicEndpoints } from '~/config/endpoints.mjs';

/** What to do when no e-mail comes (or none can be sent): the server command, ready to copy. */
function NoMailHelp({ help, command }: { help: string; command: string }) {
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-ink" data-reset-help="">
      <p>{help}</p>
      <code className="block rounded bg-white px-2 py-1 font-mono text-sm break-words">{command}</code>
    </div>
  );
}

export function ForgotPasswordForm() {
  const state = useAdminForm();
  const [help, setHelp] = useState<{ help: string | null; command: string } | null>(null);
  const submit = (event: SubmitEvent<HTMLFormElement>) =>
    state.submit(event, {
      schema: forgotPasswordForm,
      url: publicEndpoints.forgotPassword,
      values: (form) => ({ email: new FormData(form).get('email') ?? '' }),
      onSuccess: (answer: PasswordResetAnswer) => {
        state.setMessage({ tone: 'success', text: answer.message });
        setHelp(typeof answer.command === 'string' ? { help: answer.help ?? null, command: answer.command } : null);
      },
      onRefused: (refusal) => {
        state.setMessage({ tone: 'error', text: refusal.error ?? '' });
        setHelp(null);
      },
    });
  return (
    <form method="post" onSubmit={submit} noValidate className="grid gap-4">
      {state.message && <Notice tone={state.message.tone}>{state.message.text}</Notice>}
      {help &&
        (help.help ? (
          <NoMailHelp help={help.help} command={help.command} />
        ) : (
          <code className="block rounded bg-slate-50 px-2 py-1 font-mono text-sm break-words">{help.command}</code>
        ))}
      <Field label="Email" name="email" type="email" autoComplete="username" required error={state.errors.email} disabled={state.busy} />
      <Button type="submit" disabled={state.busy}>
        {state.busy ? 'Sending…' : 'Send me a link'}
      </Button>
      <a href={adminPaths.signIn} className="justify-self-start text-brand-700 underline underline-offset-2">
        Back to sign-in
      </a>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const state = useAdminForm();
  const [done, setDone] = useState(false);
  const submit = (event: SubmitEvent<HTMLFormElement>) =>
    state.submit(event, {
      schema: resetPasswordForm,
      url: publicEndpoints.resetPassword,
      values: (form) => {
        const data = new FormData(form);
        return { token, password: String(data.get('password') ?? ''), confirm: String(data.get('confirm') ?? '') };
      },
      precheck: (values) => (values.password !== values.confirm ? { confirm: 'The two passwords are not the same.' } : null),
      onSuccess: (answer: PasswordResetAnswer) => {
        setDone(true);
        state.setMessage({ tone: 'success', text: answer.message });
      },
    });
  if (done && state.message) {
    return (
      <div className="grid gap-4">
        <Notice tone="success">{state.message.text}</Notice>
        <a href={adminPaths.signIn} className="justify-self-start text-brand-700 underline underline-offset-2">
          Sign in
        </a>
      </div>
    );
  }
  return (
    <form method="post" onSubmit={submit} noValidate className="grid gap-4">
      {state.message && <Notice tone={state.message.tone}>{state.message.text}</Notice>}
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters; not your e-mail address or a common password."
        required
        error={state.errors.password}
        disabled={state.busy}
      />
      <Field
        label="New password again"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={state.errors.confirm}
        disabled={state.busy}
      />
      <Button type="submit" disabled={state.busy}>
        {state.busy ? 'Saving…' : 'Save the new password'}
      </Button>
    </form>
  );
}

/** "Forgotten password": ask for a link by e-mail, then choose a new password on the page the link opens. */
import { type SubmitEvent, useState } from 'react';
import { adminPaths } from '~/config/admin';
import { type FieldErrors, fieldErrors, forgotPasswordForm, resetPasswordForm } from '~/lib/admin-forms';
import { postJson } from '../data/post-json';
import { Button, Field, Notice } from '../ui/primitives';
import { publicEndpoints } from '~/config/endpoints.mjs';

function useSubmit() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  return { errors, setErrors, message, setMessage, busy, setBusy };
}

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
  const state = useSubmit();
  const [help, setHelp] = useState<{ help: string | null; command: string } | null>(null);
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = forgotPasswordForm.safeParse({ email: new FormData(event.currentTarget).get('email') ?? '' });
    if (!checked.success) return state.setErrors(fieldErrors(checked.error));
    state.setErrors({});
    state.setBusy(true);
    const { body } = await postJson(publicEndpoints.forgotPassword, checked.data);
    state.setBusy(false);
    state.setMessage(body.ok ? { tone: 'success', text: String(body.message) } : { tone: 'error', text: String(body.error ?? '') });
    setHelp(body.ok && typeof body.command === 'string' ? { help: typeof body.help === 'string' ? body.help : null, command: body.command } : null);
  }
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
  const state = useSubmit();
  const [done, setDone] = useState(false);
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('confirm') ?? '')) return state.setErrors({ confirm: 'The two passwords are not the same.' });
    const checked = resetPasswordForm.safeParse({ token, password });
    if (!checked.success) return state.setErrors(fieldErrors(checked.error));
    state.setErrors({});
    state.setBusy(true);
    const { body } = await postJson(publicEndpoints.resetPassword, checked.data);
    state.setBusy(false);
    if (body.ok) {
      setDone(true);
      state.setMessage({ tone: 'success', text: String(body.message) });
    } else if (body.errors) state.setErrors(body.errors as FieldErrors);
    else state.setMessage({ tone: 'error', text: String(body.error ?? '') });
  }
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

/**
 * Sign-in: e-mail and password, then — when two-factor is on — the 6-digit code or a backup code, in one field.
 * Checked in the browser by the server's own rules; every refusal the server gives is one generic message, with how
 * many tries are left once a pause is near.
 */
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { adminPaths } from '~/config/admin';
import { codeForm, type FieldErrors, fieldErrors, signInForm } from '~/lib/admin-forms';
import { postJson } from '../data/post-json';
import { safeNext } from '~/lib/safe-next';
import { Button, Field, Notice } from '../ui/primitives';
import { publicEndpoints } from '~/config/endpoints.mjs';

export function SignInForm({ next, notice }: { next: string; notice?: string }) {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  const done = () => window.location.assign(safeNext(next, adminPaths.home));

  function fail(text: string, near?: unknown) {
    setMessage(text);
    setWarning(typeof near === 'string' ? near : null);
    requestAnimationFrame(() => errorRef.current?.focus());
  }

  async function submitPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const checked = signInForm.safeParse(data);
    setMessage(null);
    setWarning(null);
    if (!checked.success) {
      const found = fieldErrors(checked.error);
      setErrors(found);
      const first = event.currentTarget.querySelector<HTMLInputElement>(`[name="${Object.keys(found)[0]}"]`);
      first?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const { body } = await postJson(publicEndpoints.signIn, checked.data);
    setBusy(false);
    if (body.ok && body.twoFactor) setStep('code');
    else if (body.ok) done();
    else if (body.errors) setErrors(body.errors as FieldErrors);
    else fail(String(body.error), body.warning);
  }

  async function submitCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    const checked = codeForm.safeParse({ code });
    setMessage(null);
    setWarning(null);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      codeRef.current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    // The server tells the two kinds of code apart again: it gets the code as typed.
    const { body } = await postJson(publicEndpoints.twoFactor, { code });
    setBusy(false);
    if (body.ok) return done();
    if (body.restart) setStep('password');
    fail(String(body.error ?? (body.errors as FieldErrors | undefined)?.code ?? ''), body.warning);
  }

  const errorBox = (
    <div ref={errorRef} tabIndex={-1} className="outline-none">
      {message && (
        <Notice tone="error">
          {message}
          {warning && <strong className="mt-1 block">{warning}</strong>}
        </Notice>
      )}
    </div>
  );

  if (step === 'code') {
    return (
      <form method="post" onSubmit={submitCode} noValidate className="grid gap-4" aria-labelledby="code-heading">
        <h2 id="code-heading" className="text-xl font-semibold text-ink">
          Two-factor check
        </h2>
        {errorBox}
        <Field
          ref={codeRef}
          label="Code"
          hint="The 6-digit code your authenticator app shows for this site, or one of your backup codes (each works once)."
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          required
          error={errors.code}
          disabled={busy}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Verify and sign in'}
        </Button>
      </form>
    );
  }

  return (
    <form method="post" onSubmit={submitPassword} noValidate className="grid gap-4" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading" className="sr-only">
        Your details
      </h2>
      {notice && <Notice>{notice}</Notice>}
      {errorBox}
      <Field label="Email" name="email" type="email" autoComplete="username" required error={errors.email} disabled={busy} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} disabled={busy} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
      <a href={adminPaths.forgotPassword} className="justify-self-start text-brand-700 underline underline-offset-2">
        Forgotten password?
      </a>
    </form>
  );
}

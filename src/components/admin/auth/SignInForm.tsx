/**
 * Sign-in: e-mail and password, then — when two-factor is on — the 6-digit code or a backup code, in one field.
 * Checked in the browser by the server's own rules; every refusal the server gives is one generic message, with how
 * many tries are left once a pause is near.
 */
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { adminPaths } from '~/config/admin';
import { codeForm, signInForm } from '~/lib/admin-forms';
import type { SignInAnswer } from '~/lib/admin-types';
import { useAdminForm } from '../data/use-admin-form';
import { safeNext } from '~/lib/safe-next';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Notice } from '../ui/notice';
import { publicEndpoints } from '~/config/endpoints.mjs';

export function SignInForm({ next, notice }: { next: string; notice?: string }) {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const form = useAdminForm();
  const { errors, busy, message } = form;
  const codeRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  const done = () => window.location.assign(safeNext(next, adminPaths.home));

  function fail(text: string, near?: string) {
    form.setMessage({ tone: 'error', text, detail: near });
    requestAnimationFrame(() => errorRef.current?.focus());
  }

  const submitPassword = (event: SubmitEvent<HTMLFormElement>) =>
    form.submit(event, {
      schema: signInForm,
      url: publicEndpoints.signIn,
      onInvalid: (found, element) => element.querySelector<HTMLInputElement>(`[name="${Object.keys(found)[0]}"]`)?.focus(),
      onSuccess: (answer: SignInAnswer) => (answer.twoFactor ? setStep('code') : done()),
      onRefused: (refusal) => (refusal.errors ? form.setErrors(refusal.errors) : fail(refusal.error ?? '', refusal.warning)),
    });

  const submitCode = (event: SubmitEvent<HTMLFormElement>) =>
    form.submit(event, {
      schema: codeForm,
      url: publicEndpoints.twoFactor,
      values: (element) => ({ code: String(new FormData(element).get('code') ?? '') }),
      // The server tells the two kinds of code apart again: it gets the code as typed.
      send: (_code, values) => values,
      onInvalid: () => codeRef.current?.focus(),
      onSuccess: () => done(),
      onRefused: (refusal) => {
        if (refusal.restart) setStep('password');
        fail(refusal.error ?? refusal.errors?.code ?? '', refusal.warning);
      },
    });

  const errorBox = (
    <div ref={errorRef} tabIndex={-1} className="outline-none">
      {message && (
        <Notice tone="error">
          {message.text}
          {message.detail && <strong className="mt-1 block">{message.detail}</strong>}
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

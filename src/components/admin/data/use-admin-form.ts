/**
 * The admin's one submit pattern: read the form, check it by the server's own zod rules (field messages on the fields),
 * post it with `post<Answer>()` while `busy`, then hand the answer on or show the refusal. One hook holds a component's
 * form state (`errors`, `busy`, `message`); `submit(event, spec)` sends one of its forms, so a card with several forms
 * shares them as it would by hand. The spec is made in the submit handler, where its callbacks may use refs.
 *
 *   const form = useAdminForm();
 *   const disable = (event: SubmitEvent<HTMLFormElement>) =>
 *     form.submit(event, { schema: passwordOnlyForm, url: adminApi.twoFactor.disable, onSuccess: () => location.reload() });
 *   <form onSubmit={disable}> <Field name="password" error={form.errors.password} disabled={form.busy} … />
 */
import { type SubmitEvent, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, fieldErrors } from '~/lib/admin-forms';
import type { AdminRefusal } from '~/lib/admin-types';
import { post, type WriteMethod } from './post';

/** A form's message box (the `Notice` primitive), with an optional second line. */
export interface FormMessage {
  tone: 'error' | 'success';
  text: string;
  detail?: string;
}

export type FormValues = Record<string, unknown>;

export interface AdminFormSpec<S extends z.ZodType, A extends { ok: true }, R extends { ok: false } = never> {
  /** The rules the endpoint checks too (src/lib/admin-forms.ts). */
  schema: S;
  url: string;
  method?: WriteMethod;
  /** What is checked, read from the form (by default every field, as text). */
  values?: (form: HTMLFormElement) => FormValues;
  /** A rule the schema cannot hold (two passwords alike): field messages when it fails, else null. */
  precheck?: (values: FormValues) => FieldErrors | null;
  /** What is sent (by default what the schema gave). */
  send?: (data: z.output<S>, values: FormValues) => unknown;
  /** The form was refused in the browser: its field messages are shown; say where to go next (focus). */
  onInvalid?: (errors: FieldErrors, form: HTMLFormElement) => void;
  onSuccess: (answer: A, form: HTMLFormElement) => void | Promise<void>;
  /** The server refused (by default: its field messages on the fields, otherwise its words as the form's message). */
  onRefused?: (refusal: AdminRefusal | R, status: number) => void;
}

export function useAdminForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);

  /** Sends one form: call it from the form's submit handler. */
  async function submit<S extends z.ZodType, A extends { ok: true }, R extends { ok: false } = never>(
    event: SubmitEvent<HTMLFormElement>,
    spec: AdminFormSpec<S, A, R>,
  ) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = spec.values ? spec.values(form) : (Object.fromEntries(new FormData(form)) as FormValues);
    setMessage(null);
    const checked = spec.schema.safeParse(values);
    const found = spec.precheck?.(values) ?? (checked.success ? null : fieldErrors(checked.error));
    if (found || !checked.success) {
      setErrors(found ?? {});
      spec.onInvalid?.(found ?? {}, form);
      return;
    }
    setErrors({});
    setBusy(true);
    const { status, body } = await post<A, R>(spec.url, spec.send ? spec.send(checked.data, values) : checked.data, spec.method);
    setBusy(false);
    if (body.ok) return spec.onSuccess(body as A, form);
    if (spec.onRefused) return spec.onRefused(body, status);
    const refusal = body as AdminRefusal;
    if (refusal.errors) setErrors(refusal.errors);
    else setMessage({ tone: 'error', text: refusal.error ?? '' });
  }

  return { errors, setErrors, busy, message, setMessage, submit };
}

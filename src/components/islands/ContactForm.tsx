import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { paths } from '~/config/paths';
import { business } from '~/config/business';
import { contactLimits } from '~/config/contact';
import {
  type ContactField,
  type ContactResponse,
  type FieldErrors,
  type RequestType,
  applyPreset,
  contactFields,
  contactMessages,
  honeypotField,
  parseRequestType,
  rateLimitText,
  requestTypeLabels,
  requestTypes,
  validateContact,
} from '~/lib/contact';
import { toast } from '~/lib/toast';
import { forgetVisitDetails } from '~/lib/visit-details';
import { ChecklistDownload } from '~/components/ui/ChecklistDownload';
import { publicEndpoints } from '~/config/endpoints.mjs';
import { plural } from '~/lib/plural.mjs';

export const contactEndpoint = publicEndpoints.contact;

interface Props {
  /** Shown again when a browser without JavaScript gets the form back from the server. */
  initialValues?: Partial<Record<ContactField | 'type', string>>;
  initialErrors?: FieldErrors;
  heading?: string;
  /** 2 where the form follows the page's h1 directly, 3 inside a titled section. */
  headingLevel?: 2 | 3;
}

const labels: Record<ContactField, string> = { name: 'Your name', email: 'E-mail address', subject: 'Subject', message: 'Message' };
const autocomplete: Partial<Record<ContactField, string>> = { name: 'name', email: 'email' };

/**
 * The contact form. Without JavaScript it posts to the server, which answers with a page; once hydrated it checks the
 * fields with the same rules as the server and sends JSON. A message sent is confirmed once, in the form (announced,
 * and focused); problems are reported inline and by a toast.
 */
export function ContactForm({ initialValues = {}, initialErrors = {}, heading = 'Send a message', headingLevel = 3 }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const [submitting, setSubmitting] = useState(false);
  // Set once a message is accepted; holds the checklist's address when that is what was asked for.
  const [sent, setSent] = useState<{ download?: string } | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const fieldId = (field: string) => `${id}-${field}`;
  // Focus goes to the confirmation once it is on the page (after React has committed it, not at a guessed frame).
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const showErrors = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    toast({ title: contactMessages.validationTitle, description: contactMessages.validationText, variant: 'destructive' });
    const first = contactFields.find((f) => fieldErrors[f]);
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const raw = Object.fromEntries(contactFields.map((f) => [f, String(data.get(f) ?? '')])) as Record<ContactField, string>;
    setSent(null);
    const checked = validateContact(raw);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    const payload: Record<string, string> = { ...raw, type: String(data.get('type') ?? 'general') };
    // Only bots fill the honeypot; real visitors never send it.
    const trap = String(data.get(honeypotField) ?? '');
    if (trap) payload[honeypotField] = trap;

    setErrors({});
    setSubmitting(true);
    try {
      const response = await fetch(contactEndpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(payload),
      });
      const body = (await response.json().catch(() => null)) as ContactResponse | null;
      if (response.ok && body?.ok) {
        // The form empties for a next message but keeps the kind of request the visitor chose (and its preset text).
        form.reset();
        applyPreset(form, parseRequestType(payload.type));
        forgetVisitDetails();
        setSent({ download: body.download });
      } else if (response.status === 429 && body && !body.ok) {
        toast({
          title: contactMessages.rateLimitTitle,
          description: rateLimitText(body.retryAfterMinutes ?? contactLimits.windowMinutes),
          variant: 'destructive',
        });
      } else if (response.status === 400 && body && !body.ok && body.errors) {
        showErrors(body.errors);
      } else {
        toast({
          title: contactMessages.failureTitle,
          description: (body && !body.ok && body.error) || contactMessages.failureFallback,
          variant: 'destructive',
        });
      }
    } catch {
      toast({ title: contactMessages.failureTitle, description: contactMessages.failureFallback, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  const errorCount = contactFields.filter((f) => errors[f]).length;

  return (
    <form
      ref={formRef}
      action={contactEndpoint}
      method="post"
      noValidate
      onSubmit={onSubmit}
      data-contact-form=""
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <Heading id={`${id}-heading`} className="text-xl font-semibold text-ink">
        {heading}
      </Heading>
      <p className="mt-1 text-sm text-muted">All fields are required. Replies within {business.responseTimeHours} hours on working days.</p>
      {errorCount > 0 && (
        <p className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {contactMessages.validationText} ({plural(errorCount, 'field needs', 'fields need')} attention.)
        </p>
      )}
      {/* The one confirmation: a live region present from the start, so what is put in it is announced. */}
      <div role="status" aria-live="polite">
        {sent && (
          <p ref={sentRef} tabIndex={-1} data-contact-sent="" className="mt-4 scroll-mt-24 rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
            {contactMessages.successTitle} {contactMessages.successText}
            {sent.download && <ChecklistDownload href={sent.download} compact />}
          </p>
        )}
      </div>
      <fieldset disabled={submitting} className="mt-5 grid gap-4 disabled:opacity-70">
        <legend className="sr-only">Your message</legend>
        <div>
          <label htmlFor={fieldId('type')} className="block text-sm font-semibold text-ink">
            What can I help with?
          </label>
          <select
            id={fieldId('type')}
            name="type"
            defaultValue={initialValues.type ?? 'general'}
            onChange={(e) => formRef.current && applyPreset(formRef.current, e.currentTarget.value as RequestType)}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base"
          >
            {requestTypes.map((type) => (
              <option key={type} value={type}>
                {requestTypeLabels[type]}
              </option>
            ))}
          </select>
        </div>
        {contactFields.map((field) => {
          const error = errors[field];
          const common = {
            id: fieldId(field),
            name: field,
            defaultValue: initialValues[field] ?? '',
            maxLength: contactLimits.fieldMax[field],
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? fieldId(`${field}-error`) : undefined,
            className: `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base ${error ? 'border-red-700' : 'border-slate-400'}`,
          };
          return (
            <div key={field}>
              <label htmlFor={fieldId(field)} className="block text-sm font-semibold text-ink">
                {labels[field]}
              </label>
              {field === 'message' ? (
                <textarea {...common} rows={6} />
              ) : (
                <input
                  {...common}
                  type={field === 'email' ? 'email' : 'text'}
                  autoComplete={autocomplete[field] ?? 'off'}
                  className={`${common.className} min-h-11`}
                />
              )}
              {error && (
                <p id={fieldId(`${field}-error`)} className="mt-1 text-sm font-medium text-red-800">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        {/* Honeypot: hidden from people and assistive technology; bots that fill every field give themselves away. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={fieldId(honeypotField)}>Leave this field empty</label>
          <input id={fieldId(honeypotField)} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div>
          <button type="submit" className="btn-primary w-full sm:w-auto">
            {submitting ? 'Sending...' : 'Send message'}
          </button>
        </div>
      </fieldset>
      <p className="mt-4 text-xs text-muted">
        Your details are used only to reply to you. See the{' '}
        <a href={paths.rootPage('privacy-policy')} className="link">
          privacy policy
        </a>
        .
      </p>
    </form>
  );
}

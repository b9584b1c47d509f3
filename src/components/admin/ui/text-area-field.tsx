import type { ComponentProps } from 'react';
import { LabelledControl } from './labelled-control';

/** A labelled text area with its hint and error. */
export function TextAreaField({ label, error, hint, ...input }: ComponentProps<'textarea'> & { label: string; error?: string; hint?: string }) {
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      control={(ids) => (
        <textarea {...ids} className="rounded-lg border border-slate-400 bg-white p-3 font-mono text-sm text-ink aria-invalid:border-red-700" {...input} />
      )}
    />
  );
}

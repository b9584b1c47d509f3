import type { ComponentProps } from 'react';
import { LabelledControl } from './labelled-control';

/** A labelled text input with its hint and error. */
export function Field({ label, error, hint, ...input }: ComponentProps<'input'> & { label: string; error?: string; hint?: string; name: string }) {
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      control={(ids) => (
        <input {...ids} className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-ink aria-invalid:border-red-700" {...input} />
      )}
    />
  );
}

import { Input } from './input';
import type { ComponentProps } from 'react';
import { LabelledControl } from './labelled-control';

/** A labelled text input with its hint and error. */
export function Field({ label, error, hint, ...input }: ComponentProps<'input'> & { label: string; error?: string; hint?: string; name: string }) {
  return <LabelledControl label={label} error={error} hint={hint} control={(ids) => <Input {...ids} {...input} />} />;
}

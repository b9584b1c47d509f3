import { type ReactNode, useId } from 'react';

/** A labelled control with its hint and error, tied to it for screen readers; `control` draws the control itself. */
export function LabelledControl({
  label,
  error,
  hint,
  control,
}: {
  label: string;
  error?: string;
  hint?: string;
  control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';

/** One line of a description list (`<dl>`): a label and its value, side by side from 640 px. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="font-medium text-ink">{label}</dt>
      <dd className="break-words text-muted">{children}</dd>
    </div>
  );
}

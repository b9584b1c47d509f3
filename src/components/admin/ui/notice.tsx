import type { ReactNode } from 'react';
import { cva } from 'class-variance-authority';

/** A message box: `role="alert"` for errors so they are announced when they appear. */
const noticeVariants = cva('rounded-lg p-3 text-sm font-medium', {
  variants: { tone: { info: 'bg-brand-50 text-brand-800', error: 'bg-red-50 text-red-900', success: 'bg-emerald-50 text-emerald-900' } },
  defaultVariants: { tone: 'info' },
});

export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error' | 'success'; children: ReactNode }) {
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={noticeVariants({ tone })}>
      {children}
    </p>
  );
}

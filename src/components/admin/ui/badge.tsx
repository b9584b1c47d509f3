import type { ReactNode } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';

/** A short status word in a coloured pill. */
const badgeVariants = cva('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    variant: {
      neutral: 'bg-slate-100 text-slate-800',
      good: 'bg-emerald-100 text-emerald-900',
      warn: 'bg-amber-100 text-amber-900',
      bad: 'bg-red-100 text-red-900',
      info: 'bg-brand-50 text-brand-800',
    },
  },
  defaultVariants: { variant: 'neutral' },
});
export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export function Badge({ variant, children }: { variant?: BadgeVariant; children: ReactNode }) {
  return <span className={badgeVariants({ variant })}>{children}</span>;
}

/** The admin's button, and its classes for a link that looks like one (shadcn/ui's Button: cva variants, cn). */
import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from './cn';
import { useHydrated } from './use-hydrated';

const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
        secondary: 'border border-slate-300 bg-white text-ink hover:bg-slate-50 disabled:text-slate-500',
        danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
        ghost: 'text-brand-700 underline-offset-2 hover:underline disabled:text-slate-500',
      },
      size: { md: 'min-h-11 px-4', sm: 'min-h-9 px-3 text-sm' },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);
type ButtonVariants = VariantProps<typeof buttonVariants>;

/** A button's classes, for a link that looks like one. */
export function buttonClass(variant: ButtonVariants['variant'] = 'primary', size: ButtonVariants['size'] = 'md') {
  return buttonVariants({ variant, size });
}

/**
 * A submit button stays disabled until its form is hydrated: the admin's forms are sent by script, and a native
 * submission before that would put what was typed, a password included, into the address bar.
 */
export function Button({ variant, size, className, type = 'button', disabled, ...props }: ComponentProps<'button'> & ButtonVariants) {
  const hydrated = useHydrated();
  const waiting = type === 'submit' && !hydrated;
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} disabled={disabled || waiting} {...props} />;
}

/** The admin's text input, select and checkbox (shadcn/ui's manner: cva, classes merged with `cn`), one look for every form. */
import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from './cn';

const controlVariants = cva('min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-ink aria-invalid:border-red-700', {
  variants: {
    font: { body: '', mono: 'font-mono text-sm' },
  },
  defaultVariants: { font: 'body' },
});
type ControlVariants = VariantProps<typeof controlVariants>;

/** A text input's classes (Field and the inputs that are not a Field use it). */
export const inputClass = (font: ControlVariants['font'] = 'body', className?: string) => cn(controlVariants({ font }), className);

export function Input({ font, className, ...props }: ComponentProps<'input'> & ControlVariants) {
  return <input className={inputClass(font, className)} {...props} />;
}

/** A select as wide as its longest option, which may shrink to its line (`min-w-0`: the option cut short, never the page widened). */
export function Select({ font, className, ...props }: ComponentProps<'select'> & ControlVariants) {
  return <select className={cn(controlVariants({ font }), 'max-w-full min-w-0', className)} {...props} />;
}

/** A checkbox the size of a fingertip's target, inside its label. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" className={cn('size-5 shrink-0', className)} {...props} />;
}

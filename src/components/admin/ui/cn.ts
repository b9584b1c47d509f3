import { twMerge } from 'tailwind-merge';

/** Class names joined, with later Tailwind utilities winning over earlier ones that set the same thing (shadcn/ui's cn). */
export function cn(...classes: (string | false | null | undefined)[]) {
  return twMerge(classes.filter(Boolean).join(' '));
}

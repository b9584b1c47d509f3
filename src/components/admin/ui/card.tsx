import type { ReactNode } from 'react';
import { cn } from './cn';

/** A titled panel (h2 or h3), with actions beside the title. */
export function Card({
  title,
  headingLevel = 2,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  headingLevel?: 2 | 3;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={cn('rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}>
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && <Heading className="text-lg font-semibold text-ink">{title}</Heading>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

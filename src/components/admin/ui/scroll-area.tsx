import type { ReactNode } from 'react';

/** A wide table's scroll box on a narrow screen: reachable by keyboard and named, so it can be scrolled without a mouse. */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto focus-visible:outline-3 focus-visible:outline-brand-600">
      {children}
    </div>
  );
}

/** The admin's top bar: where you are, the navigation (an island, given as `nav`), and (as children) the sign-out button. */
import type { ReactNode } from 'react';
import { business } from '~/config/business';

export function AdminHeader({ nav, email, children }: { nav?: ReactNode; email?: string; children?: ReactNode }) {
  return (
    <header className="relative border-b border-slate-200 bg-white">
      {/* One row at any width: the name, the navigation (one Menu button on a phone), the account. */}
      <div className="mx-auto flex max-w-6xl items-center gap-x-3 px-4 py-2 sm:gap-x-6">
        <p className="font-bold text-ink">
          {business.name} <span className="font-normal text-muted">admin</span>
        </p>
        {email && nav}
        {email && (
          <div className="ml-auto flex items-center gap-3 whitespace-nowrap">
            <span className="hidden text-sm text-muted xl:inline">{email}</span>
            {children}
          </div>
        )}
      </div>
    </header>
  );
}

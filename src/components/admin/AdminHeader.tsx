/** The admin's top bar: where you are, the places to go, and (as children) the sign-out button. */
import type { ReactNode } from 'react';
import { adminPaths } from '~/config/admin';
import { business } from '~/config/business';
import { postPaths } from '~/config/posts';

export type AdminSection = 'dashboard' | 'leads' | 'posts' | 'security';

const links: { id: AdminSection; label: string; href: string }[] = [
  { id: 'dashboard', label: 'Dashboard', href: adminPaths.home },
  { id: 'leads', label: 'Enquiries', href: adminPaths.leads },
  { id: 'posts', label: 'Posts', href: postPaths.list },
  { id: 'security', label: 'Security log', href: adminPaths.security },
];

export function AdminHeader({ current, email, children }: { current?: AdminSection; email?: string; children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <p className="font-bold text-ink">
          {business.name} <span className="font-normal text-muted">admin</span>
        </p>
        {email && (
          <nav aria-label="Admin" className="order-last w-full sm:order-none sm:w-auto">
            <ul className="flex flex-wrap gap-1">
              {links.map((link) => (
                <li key={link.id}>
                  <a
                    href={link.href}
                    aria-current={link.id === current ? 'page' : undefined}
                    className="inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-ink hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {email && (
          <div className="ml-auto flex items-center gap-3">
            <span className="hidden text-sm text-muted md:inline">{email}</span>
            {children}
          </div>
        )}
      </div>
    </header>
  );
}

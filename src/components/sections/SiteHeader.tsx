import { business } from '~/config/business';
import { logoMarkSvg } from '~/config/brand';
import { headerNav, primaryCta } from '~/config/navigation';
import { Icon } from '~/components/ui/Icon';

function Logo() {
  return (
    <a href="/" className="flex items-center gap-2 text-lg font-bold text-ink no-underline">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true" dangerouslySetInnerHTML={{ __html: logoMarkSvg() }} />
      <span>{business.name}</span>
    </a>
  );
}

/** Site header. The mobile menu is a native <details> disclosure, so it works without JavaScript. */
export function SiteHeader({ currentPath }: { currentPath: string }) {
  const isCurrent = (href: string) => href === currentPath;
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {headerNav.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  aria-current={isCurrent(item.href) ? 'page' : undefined}
                  className="rounded-md px-3 py-2 font-medium text-slate-700 no-underline hover:bg-slate-100 hover:text-ink aria-[current=page]:text-brand-700"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <a href={primaryCta.href} className="btn-primary hidden sm:inline-flex">
            {primaryCta.label}
          </a>
          <details data-menu="" className="group relative lg:hidden">
            <summary className="btn-secondary cursor-pointer list-none px-3 [&::-webkit-details-marker]:hidden">
              <Icon name="menu" />
              <span>Menu</span>
            </summary>
            <nav aria-label="Main (mobile)" className="absolute right-0 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl">
              <ul>
                {headerNav.map((item) => (
                  <li key={item.href}>
                    <a
                      href={item.href}
                      aria-current={isCurrent(item.href) ? 'page' : undefined}
                      className="block rounded-md px-3 py-3 font-medium text-slate-800 no-underline hover:bg-slate-100"
                    >
                      {item.label}
                    </a>
                  </li>
                ))}
                <li className="mt-2 border-t border-slate-200 pt-2">
                  <a href={primaryCta.href} className="btn-primary w-full">
                    {primaryCta.label}
                  </a>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

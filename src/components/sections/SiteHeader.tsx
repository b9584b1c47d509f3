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

/**
 * Site header. The mobile menu is a native <details> disclosure, so it works without JavaScript. The header is a size
 * container and its breakpoints are in rem, which there follow the panel's text size (media queries' rem do not): at
 * larger text the links fold into the menu, and the call to action into it, at a wider window. Whatever still does not
 * fit (a wider font, more spacing) wraps onto another line rather than pushing the page sideways (WCAG 1.4.10).
 */
export function SiteHeader({ currentPath }: { currentPath: string }) {
  const isCurrent = (href: string) => href === currentPath;
  return (
    // Not sticky in a short window (a phone on its side, 400 % zoom), nor on a phone at a larger text size (the page is
    // a container: its rem follow the text size), where it would hide much of the page.
    <header className="@container sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur @max-[22rem]/page:static [@media(max-height:30rem)]:static">
      <div className="container-page flex min-h-16 flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
        <Logo />
        <nav aria-label="Main" className="hidden @min-[64rem]:block">
          <ul className="flex flex-wrap items-center gap-1">
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
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          <a href={primaryCta.href} className="btn-primary hidden @min-[40rem]:inline-flex">
            {primaryCta.label}
          </a>
          <details data-menu="" className="group relative @min-[64rem]:hidden">
            <summary className="btn-secondary cursor-pointer list-none px-3 [&::-webkit-details-marker]:hidden">
              <Icon name="menu" />
              <span>Menu</span>
            </summary>
            <nav
              aria-label="Main (mobile)"
              className="absolute right-0 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
            >
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

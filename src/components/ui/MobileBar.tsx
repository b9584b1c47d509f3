import { telHref } from '~/config/business';
import { callCta, primaryCta } from '~/config/navigation';
import { Icon } from './Icon';

/** Fixed calls to action on phones (≤ 768 px). The page keeps room below its content so the bar never covers it. */
export function MobileBar() {
  return (
    <nav
      aria-label="Quick actions"
      className="mobile-bar fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-3 py-2 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur"
    >
      <ul className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-1.5">
        <li>
          <a href={primaryCta.href} className="btn-primary h-full w-full px-1.5 text-[0.8125rem] leading-tight">
            {primaryCta.label}
          </a>
        </li>
        <li>
          <a href={callCta.href} className="btn-secondary h-full w-full px-1.5 text-[0.8125rem] leading-tight">
            {callCta.label}
          </a>
        </li>
        <li>
          <a href={telHref} className="btn-secondary h-11 w-11 px-0" aria-label="Call us">
            <Icon name="phone" />
          </a>
        </li>
      </ul>
    </nav>
  );
}

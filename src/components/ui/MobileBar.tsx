import { business, telHref } from '~/config/business';
import { callCta, primaryCta } from '~/config/navigation';
import { paths } from '~/config/paths';
import { Icon } from './Icon';

/** The free audit's pages (the form, its results): the visitor has just done what the bar's first action offers. */
const onAuditPage = (path: string) => path === paths.freeAudit || path.startsWith(`${paths.freeAudit}/`);

/**
 * Fixed calls to action on phones (≤ 768 px). The page keeps room below its content so the bar never covers it. On the
 * free audit's own pages the next step is a call, so that comes first and the audit is not offered again.
 */
export function MobileBar({ currentPath }: { currentPath: string }) {
  const actions = onAuditPage(currentPath) ? [callCta] : [primaryCta, callCta];
  return (
    <nav
      aria-label="Quick actions"
      className="mobile-bar fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-3 py-2 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur"
    >
      <ul className={`grid gap-1.5 ${actions.length === 2 ? 'grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]' : 'grid-cols-[minmax(0,1fr)_auto]'}`}>
        {actions.map((action, index) => (
          <li key={action.href}>
            <a href={action.href} className={`${index === 0 ? 'btn-primary' : 'btn-secondary'} h-full w-full px-1.5 text-[0.8125rem] leading-tight`}>
              {action.label}
            </a>
          </li>
        ))}
        <li>
          <a href={telHref} className="btn-secondary h-11 w-11 px-0" aria-label={`Call ${business.owner.name}`}>
            <Icon name="phone" />
          </a>
        </li>
      </ul>
    </nav>
  );
}

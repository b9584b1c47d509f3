import { callCta, type NavLink, primaryCta } from '~/config/navigation';

const styles = {
  light: ['btn-primary', 'btn-secondary'],
  dark: ['btn-light', 'btn border border-white/60 text-white hover:bg-white/10'],
} as const;

/**
 * The site's two main calls to action side by side (or stacked), styled for a light or a dark background.
 * `links` swaps in another pair, such as the checklist offer in the footer.
 */
export function CtaButtons({
  tone = 'light',
  stacked = false,
  links = [primaryCta, callCta],
  className = '',
}: {
  tone?: keyof typeof styles;
  stacked?: boolean;
  links?: [NavLink, NavLink];
  className?: string;
}) {
  return (
    <div className={`${stacked ? 'grid gap-2' : 'flex flex-wrap gap-3'} ${className}`}>
      {links.map((link, i) => (
        <a key={link.href} href={link.href} className={`${styles[tone][i]} ${stacked ? 'w-full' : ''}`}>
          {link.label}
        </a>
      ))}
    </div>
  );
}

import { plural } from '~/lib/plural.mjs';
import { buttonClass } from './button';

/** "Newer" and "Older" links between pages of a list; nothing when there is one page. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex gap-3">
      {page > 1 && (
        <a href={href(page - 1)} className={buttonClass('secondary')}>
          Newer
        </a>
      )}
      {page < pages && (
        <a href={href(page + 1)} className={buttonClass('secondary')}>
          Older
        </a>
      )}
    </nav>
  );
}

/** "12 enquiries, page 2 of 3." */
export function countText(total: number, one: string, many: string, page: number, pages: number, none: string) {
  if (total === 0) return none;
  return `${plural(total, one, many)}${pages > 1 ? `, page ${page} of ${pages}` : ''}.`;
}

import { business } from '~/config/business';
import { fillFacts } from '~/config/facts';
import type { StaticPage } from '~/config/pages';
import { type Crumb, pageTrail } from './breadcrumbs';
import type { JsonLd } from './jsonld';

const maxTitleLength = 60;

/** Appends the business name when the result still fits the 60 characters search results show. */
export function pageTitle(base: string): string {
  const filled = fillFacts(base);
  if (filled.includes(business.name)) return filled;
  const branded = `${filled} | ${business.name}`;
  return branded.length <= maxTitleLength ? branded : filled;
}

export interface PageMeta {
  /** Title before branding; `{{fact}}` tokens allowed. */
  title: string;
  description: string;
  /** Site-relative path of the canonical URL. */
  path: string;
  /** Breadcrumb trail; omitted only on the home page. */
  trail?: Crumb[];
  jsonLd?: JsonLd[];
  ogType?: 'website' | 'article' | 'profile';
  noindex?: boolean;
  /** The page's social card when it is not the one built for its path (an admin post's is drawn on demand). */
  socialCard?: string;
}

/** Head tags for a page of src/config/pages (Home has no breadcrumb trail). */
export function staticPageMeta(page: StaticPage, extra: Pick<PageMeta, 'jsonLd' | 'ogType'> = {}): PageMeta {
  return {
    title: page.title,
    description: page.description,
    path: page.path,
    ...(page.path !== '/' && { trail: pageTrail(page.name, page.path) }),
    ...extra,
  };
}

/**
 * The public routes the site must have, read from the content files and the page config (never from the site's own
 * routing code), so adding a post, service, case study or page needs no edit here. Each route lists the JSON-LD types
 * it must carry besides the business, and its visible breadcrumb labels after Home.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { paths } from '../../src/config/paths';
import { staticPages } from '../../src/config/pages';

export interface ExpectedRoute {
  path: string;
  types: string[];
  /** Visible breadcrumb labels after Home; empty on home. */
  trail: string[];
}

interface FrontMatter {
  name: string;
  howTo?: unknown;
  faqs?: unknown[];
}

/** Each entry of a Markdown collection: its id (the file name) and front matter. */
function entries(collection: string): (FrontMatter & { id: string })[] {
  const dir = path.join('src/content', collection);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const frontMatter = /^---\n([\s\S]*?)\n---/.exec(readFileSync(path.join(dir, file), 'utf8'))![1]!;
      return { id: file.replace(/\.md$/, ''), ...(yaml.load(frontMatter) as FrontMatter) };
    });
}

const crumbs = 'BreadcrumbList';
const faqPage = (entry: FrontMatter) => (entry.faqs?.length ? ['FAQPage'] : []);

/** What each page outside the collections must show in structured data (this is the test's expectation). */
const staticPageTypes: Record<keyof typeof staticPages, string[]> = {
  home: ['WebSite', 'Person', 'FAQPage'],
  services: ['ItemList', crumbs],
  about: ['Person', crumbs],
  portfolio: ['ItemList', crumbs],
  testimonials: [crumbs],
  mediaKit: ['Person', crumbs],
  blog: ['ItemList', crumbs],
  freeAudit: [crumbs],
  contact: [crumbs],
};

export const expectedRoutes: ExpectedRoute[] = [
  ...Object.entries(staticPages).map(([key, page]) => ({
    path: page.path,
    types: staticPageTypes[key as keyof typeof staticPages],
    trail: page.path === '/' ? [] : [page.name],
  })),
  ...entries('services').map((s) => ({ path: paths.service(s.id), types: ['Service', ...faqPage(s), crumbs], trail: [s.name] })),
  ...entries('landing').map((l) => ({
    path: paths.rootPage(l.id),
    types: ['Service', ...(l.howTo ? ['HowTo'] : []), ...faqPage(l), crumbs],
    trail: [l.name],
  })),
  ...entries('case-studies').map((c) => ({ path: paths.project(c.id), types: [crumbs], trail: ['Projects', c.name] })),
  ...entries('posts').map((p) => ({ path: paths.post(p.id), types: ['BlogPosting', crumbs], trail: [staticPages.blog.name, p.name] })),
  ...entries('legal').map((l) => ({ path: paths.rootPage(l.id), types: [crumbs], trail: [l.name] })),
];

/** Routes rendered on demand rather than built (admin posts change them): tests over dist/ leave them out. */
export const onDemandRoutes: readonly string[] = [staticPages.blog.path];

import { getCollection } from 'astro:content';
import { staticPages } from '~/config/pages';
import { paths } from '~/config/paths';

/** SPEC §9 page priority hint. */
export function sitemapPriority(path: string): string {
  if (path === '/') return '1.0';
  if (path.includes('services') || path.includes('local-business')) return '0.9';
  if (path.startsWith('/blog')) return '0.7';
  return '0.8';
}

export interface IndexableRoute {
  path: string;
  lastmod: Date;
}

/** Every page meant for search engines: static pages plus each content entry that has its own URL. */
export async function indexableRoutes(): Promise<IndexableRoute[]> {
  const [services, landing, posts, caseStudies, legal] = await Promise.all([
    getCollection('services'),
    getCollection('landing'),
    getCollection('posts'),
    getCollection('caseStudies'),
    getCollection('legal'),
  ]);
  const latestPost = Math.max(...posts.map((p) => p.data.updated.getTime()));
  return [
    ...Object.values(staticPages).map((page) => ({
      path: page.path,
      lastmod: page.path === staticPages.blog.path ? new Date(Math.max(latestPost, Date.parse(page.updated))) : new Date(page.updated),
    })),
    ...services.map((e) => ({ path: paths.service(e.id), lastmod: e.data.updated })),
    ...landing.map((e) => ({ path: paths.rootPage(e.id), lastmod: e.data.updated })),
    ...posts.map((e) => ({ path: paths.post(e.id), lastmod: e.data.updated })),
    ...caseStudies.filter((e) => e.data.hasInternalPage).map((e) => ({ path: paths.project(e.id), lastmod: e.data.updated })),
    ...legal.map((e) => ({ path: paths.rootPage(e.id), lastmod: e.data.updated })),
  ];
}

import { getCollection } from 'astro:content';
import { business } from '~/config/business';
import { fillFacts } from '~/config/facts';
import { staticPages, socialCardSections } from '~/config/pages';
import { paths } from '~/config/paths';
import { isoDay } from '~/lib/format';
import { escapeXml } from '~/lib/xml';
import { absoluteUrl } from './urls';

/** Page priority hint: home 1.0, services and local business 0.9, blog 0.7, the rest 0.8. */
export function sitemapPriority(path: string): string {
  if (path === '/') return '1.0';
  if (path.includes('services') || path.includes('local-business')) return '0.9';
  if (path.startsWith('/blog')) return '0.7';
  return '0.8';
}

export interface IndexableRoute {
  path: string;
  lastmod: Date;
  /** The page's own title (without the business name) and the part of the site it belongs to: its social card. */
  title: string;
  section: string;
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
      title: fillFacts(page.title),
      section: page.path === staticPages.home.path ? `${business.address.locality}, ${business.address.region}` : page.name,
    })),
    ...services.map((e) => ({ path: paths.service(e.id), lastmod: e.data.updated, title: e.data.title, section: socialCardSections.service })),
    ...landing.map((e) => ({ path: paths.rootPage(e.id), lastmod: e.data.updated, title: e.data.title, section: socialCardSections[e.data.kind] })),
    ...posts.map((e) => ({ path: paths.post(e.id), lastmod: e.data.updated, title: e.data.title, section: socialCardSections.post })),
    ...caseStudies
      .filter((e) => e.data.hasInternalPage)
      .map((e) => ({ path: paths.project(e.id), lastmod: e.data.updated, title: e.data.title, section: socialCardSections.project })),
    ...legal.map((e) => ({ path: paths.rootPage(e.id), lastmod: e.data.updated, title: e.data.title, section: socialCardSections.legal })),
  ];
}

/** A sitemap (sitemaps.org urlset) of these pages. */
export function sitemapXml(routes: Pick<IndexableRoute, 'path' | 'lastmod'>[]): string {
  const urls = routes
    .map((r) => `<url><loc>${escapeXml(absoluteUrl(r.path))}</loc><lastmod>${isoDay(r.lastmod)}</lastmod><priority>${sitemapPriority(r.path)}</priority></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

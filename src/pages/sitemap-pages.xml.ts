import type { APIRoute } from 'astro';
import { indexableRoutes, sitemapXml } from '~/seo/sitemap';
import { file } from '~/server/api/answers';

/**
 * The site's pages for search as the build knows them (the blog's index included: it is rendered on demand, and its
 * date is its newest post's), as a file of the build. IndexNow lists from it, with the admin's live posts from the
 * database (the one list of the site's pages: src/server/platform/site-pages.mjs); /sitemap.xml lists the same pages,
 * with those posts.
 */
export const GET: APIRoute = async () => file(sitemapXml(await indexableRoutes()), 'application/xml; charset=utf-8');

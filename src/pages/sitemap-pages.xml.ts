import type { APIRoute } from 'astro';
import { staticPages } from '~/config/pages';
import { indexableRoutes, sitemapXml } from '~/seo/sitemap';

/**
 * The pages of the build for search (the blog aside: it is rendered on demand), as a file of the build: IndexNow
 * compares them with what it last submitted (src/server/features/indexnow/pages.mjs). /sitemap.xml lists them too,
 * with the admin's posts.
 */
export const GET: APIRoute = async () =>
  new Response(sitemapXml((await indexableRoutes()).filter((r) => r.path !== staticPages.blog.path)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });

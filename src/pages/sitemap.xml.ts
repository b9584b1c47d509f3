import { staticPages } from '~/config/pages';
import { paths } from '~/config/paths';
import { indexableRoutes, sitemapXml } from '~/seo/sitemap';
import { file } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { livePostLinks } from '~/server/features/posts/public';

/** Every page for search: the build's and the admin's published posts (with their dates), so read on demand. */
export const prerender = false;

export const GET = route({}, async ({ runtime }) => {
  const admin = await livePostLinks(runtime.db, paths.post);
  const latestAdminPost = Math.max(0, ...admin.map((p) => p.updated.getTime()));
  const routes = (await indexableRoutes()).map((r) =>
    r.path === staticPages.blog.path && latestAdminPost > r.lastmod.getTime() ? { ...r, lastmod: new Date(latestAdminPost) } : r,
  );
  return file(sitemapXml([...routes, ...admin.map((p) => ({ path: p.path, lastmod: p.updated }))]), 'application/xml; charset=utf-8');
});

import type { APIRoute } from 'astro';
import { escapeXml } from '~/lib/xml';
import { indexableRoutes, sitemapPriority } from '~/seo/sitemap';
import { absoluteUrl } from '~/seo/urls';
import { isoDay } from '~/lib/format';

export const GET: APIRoute = async () => {
  const routes = await indexableRoutes();
  const urls = routes
    .map((r) => `<url><loc>${escapeXml(absoluteUrl(r.path))}</loc><lastmod>${isoDay(r.lastmod)}</lastmod><priority>${sitemapPriority(r.path)}</priority></url>`)
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};

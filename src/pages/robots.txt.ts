import type { APIRoute } from 'astro';
import { adminPaths } from '~/config/admin';
import { paths } from '~/config/paths';
import { absoluteUrl } from '~/seo/urls';

export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: ${adminPaths.home}\n\nSitemap: ${absoluteUrl(paths.sitemap)}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });

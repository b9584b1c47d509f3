import type { APIRoute } from 'astro';
import { adminPaths } from '~/config/admin';
import { paths } from '~/config/paths';
import { absoluteUrl } from '~/seo/urls';
import { file } from '~/server/api/answers';

export const GET: APIRoute = () =>
  file(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: ${adminPaths.home}\n\nSitemap: ${absoluteUrl(paths.sitemap)}\n`, 'text/plain; charset=utf-8');
